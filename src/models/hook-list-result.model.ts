import { Field } from '../framework/decorators/param.decorator';
import { HookEntry } from './hook-entry.model';

/** SPEC §1.4 HookListResult. */
export class HookListResult {
  @Field({ listOf: HookEntry }) entries!: HookEntry[];
}
