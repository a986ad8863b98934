import { Field } from '../framework/decorators/param.decorator';

/** EnvironmentSetResult (docs/reference/tools.md#environmentsetresult). */
export class EnvironmentSetResult {
  @Field({ type: 'string' }) name!: string;
  @Field({ type: 'string' }) value!: string;
  @Field({ type: 'string', description: "Always 'set'." }) status!: string;
}
