import { Field } from '../framework/decorators/param.decorator';

/** WaitForIdleResult (docs/reference/tools.md#waitforidleresult). */
export class WaitForIdleResult {
  @Field({ type: 'string', description: 'The pane that was watched, e.g. %1' }) pane_id!: string;
  @Field({ type: 'boolean', description: 'True when the pane wrote nothing for idle_seconds' }) idle!: boolean;
  @Field({ type: 'boolean', description: 'True when effective timeout passed before the pane went quiet' }) timed_out!: boolean;
  @Field({ type: 'number', description: 'Seconds from the call to its answer' }) elapsed_seconds!: number;
  @Field({ type: 'string[]', description: 'The last visible lines of the pane (trailing blank lines dropped), at most max_lines' })
  lines!: string[];
}
