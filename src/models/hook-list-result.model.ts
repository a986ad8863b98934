import { Field } from '../framework/decorators/param.decorator';
import { HookEntry } from './hook-entry.model';

/** HookListResult (docs/reference/tools.md#hooklistresult). */
export class HookListResult {
  @Field({ listOf: HookEntry }) entries!: HookEntry[];
}
