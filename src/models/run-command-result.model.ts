import { Field } from '../framework/decorators/param.decorator';

/** A run's state (docs/reference/tools.md#runcommandresult). */
export const RUN_STATES = ['running', 'waiting_for_input', 'finished'] as const;
export type RunStateName = (typeof RUN_STATES)[number];

/** RunCommandResult (docs/reference/tools.md#runcommandresult): what run_command and wait_for_run return. */
export class RunCommandResult {
  @Field({ type: 'string', description: 'The pane the command ran in, e.g. %1' }) pane_id!: string;
  @Field({
    type: 'string',
    description: 'The run, e.g. r_0123456789: wait_for_run and tmux://runs/{run_id} follow it after this call',
  })
  run_id!: string;
  @Field({
    enum: RUN_STATES,
    description:
      "finished: exit_status is set. running: the call's timeout passed first (timed_out). waiting_for_input: the command waits for input (answer with send_keys, then wait_for_run)",
  })
  state!: RunStateName;
  @Field({ type: 'integer', nullable: true, description: "The command's exit status (null until it finished)" })
  exit_status!: number | null;
  @Field({ type: 'boolean', description: 'True when the command did not finish within effective_timeout (it keeps running)' })
  timed_out!: boolean;
  @Field({ type: 'number', description: 'Seconds from sending the command to its end (or to now while it runs)' })
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
  @Field({
    type: 'boolean',
    description:
      "True when the command's screen is the alternate screen (a full-screen program: output is its screen, not lines it printed)",
  })
  alternate_screen!: boolean;
  @Field({
    type: 'string',
    nullable: true,
    description: "While waiting_for_input: the pane's last non-blank line (the question asked); else null",
  })
  prompt!: string | null;
  @Field({ type: 'number', description: 'min(timeout, the server wait ceiling) in seconds' }) effective_timeout!: number;
}
