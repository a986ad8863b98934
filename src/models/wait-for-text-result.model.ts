import { Field } from '../framework/decorators/param.decorator';

export const WAIT_OUTCOMES = ['matched', 'any_output', 'stopped', 'alternate_screen', 'timeout'] as const;
export type WaitOutcome = (typeof WAIT_OUTCOMES)[number];

/** WaitForTextResult (docs/reference/tools.md#waitfortextresult). */
export class WaitForTextResult {
  @Field({ type: 'boolean', description: 'True for outcome matched or any_output' }) found!: boolean;
  @Field({ enum: WAIT_OUTCOMES, description: 'Why the wait ended' }) outcome!: WaitOutcome;
  @Field({ type: 'integer', nullable: true, description: 'Index within patterns (or stop) of the entry that fired' })
  matched_index!: number | null;
  @Field({ type: 'string[]', description: 'Lines that matched (at most 20 lines / 2000 bytes, newest kept)' }) matched_lines!: string[];
  @Field({ type: 'string[]', description: 'Last observed rows from the entry cursor down (at most 20 lines / 2000 bytes)' })
  tail!: string[];
  @Field({ type: 'boolean', description: 'True when any row was written after the wait began' }) saw_new_output!: boolean;
  @Field({ type: 'boolean', description: 'A pattern was already on screen at entry (ignored as stale) and nothing fresh matched' })
  matched_at_entry!: boolean;
  @Field({ type: 'boolean', description: 'The pane used the alternate screen during the wait (matching was suspended)' })
  alternate_screen!: boolean;
  @Field({ type: 'string' }) pane_id!: string;
  @Field({ type: 'number' }) elapsed_seconds!: number;
  @Field({ type: 'number', description: 'The timeout actually enforced (timeout clamped to the server ceiling)' })
  effective_timeout!: number;
}
