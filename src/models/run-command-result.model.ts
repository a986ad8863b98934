import { Field } from '../framework/decorators/param.decorator';

/** RunCommandResult (docs/reference/tools.md#runcommandresult). */
export class RunCommandResult {
  @Field({ type: 'string', description: 'The pane the command ran in, e.g. %1' }) pane_id!: string;
  @Field({ type: 'integer', nullable: true, description: "The command's exit status (null when it timed out)" })
  exit_status!: number | null;
  @Field({ type: 'boolean', description: 'True when the command did not finish within effective_timeout (it keeps running)' })
  timed_out!: boolean;
  @Field({ type: 'number', description: 'Seconds from sending the command to its completion (or the timeout)' })
  elapsed_seconds!: number;
  @Field({
    type: 'string[]',
    description:
      "The lines the command printed (stdout and stderr as the terminal shows them, wrapped lines joined), from its first line to its last, including lines that scrolled into the history: no prompt, no echo. Bounded: the last max_lines lines, or at most 400 lines / 32 KiB with the middle replaced by one '[... N lines omitted ...]' line",
  })
  output!: string[];
  @Field({ type: 'boolean', description: 'True when lines were left out (max_lines, the size bound, or lines that left tmux history)' })
  output_truncated!: boolean;
  @Field({ type: 'integer', description: 'How many lines were left out (at least this many when tmux dropped rows from its history)' })
  output_truncated_lines!: number;
  @Field({ type: 'number', description: 'min(timeout, the server wait ceiling) in seconds' }) effective_timeout!: number;
}
