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
    description: 'Visible pane lines after the run (prompts and echoed command included), tail-truncated to max_lines',
  })
  output!: string[];
  @Field({ type: 'boolean', description: 'True when older lines were dropped to honour max_lines' }) output_truncated!: boolean;
  @Field({ type: 'integer', description: 'How many lines were dropped' }) output_truncated_lines!: number;
  @Field({ type: 'number', description: 'min(timeout, the server wait ceiling) in seconds' }) effective_timeout!: number;
}
