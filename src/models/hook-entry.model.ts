import { Field } from '../framework/decorators/param.decorator';

/** HookEntry (docs/reference/tools.md#hookentry): one command of a hook; `index` is null for a scalar value. */
export class HookEntry {
  @Field({ type: 'string' }) hook_name!: string;
  @Field({ type: 'integer', nullable: true }) index!: number | null;
  @Field({ type: 'string' }) command!: string;
}
