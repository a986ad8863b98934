import { Field } from '../framework/decorators/param.decorator';

/** OptionSetResult (docs/reference/tools.md#optionsetresult): echoes the option and the value string passed in. */
export class OptionSetResult {
  @Field({ type: 'string' }) option!: string;
  @Field({ type: 'string' }) value!: string;
  @Field({ type: 'string', description: "Always 'set'." }) status!: string;
}
