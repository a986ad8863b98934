import { Field } from '../framework/decorators/param.decorator';

/** SPEC §1.4 EnvironmentSetResult. */
export class EnvironmentSetResult {
  @Field({ type: 'string' }) name!: string;
  @Field({ type: 'string' }) value!: string;
  @Field({ type: 'string', description: "Always 'set'." }) status!: string;
}
