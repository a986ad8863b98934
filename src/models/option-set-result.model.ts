import { Field } from '../framework/decorators/param.decorator';

/** SPEC §1.4 OptionSetResult: echoes the option and the value string passed in. */
export class OptionSetResult {
  @Field({ type: 'string' }) option!: string;
  @Field({ type: 'string' }) value!: string;
  @Field({ type: 'string', description: "Always 'set'." }) status!: string;
}
