import { TmuxTool } from '../../common/tmux-tool.decorator';
import { inject } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../../../config/server-config';
import { TAGS } from '../../../framework/metadata/tool-metadata';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { DescribesCall } from '../../../framework/confirm/confirm';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { CallDescriber, shownText } from '../../../services/call-describer.service';
import { RunCommandResult } from '../../../models/run-command-result.model';
import { PLAIN_PANE_ID, TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { RunCommandInput } from './run-command.input';
import { RunCommandRunner } from './run-command.runner';

@TmuxTool({
  name: 'run_command',
  tier: 'mutating',
  title: 'Run Command',
  idempotentHint: false,
  openWorldHint: true,
  tags: [TAGS.SELF_BOUNDED],
  description:
    'Run a shell command in a tmux pane and wait: returns exit_status and its own output; a run past the timeout goes on. Prefer it over send_keys for results.',
  input: RunCommandInput,
  output: RunCommandResult,
})
export class RunCommandTool implements ToolHandler<RunCommandInput, RunCommandResult>, DescribesCall<RunCommandInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
    private readonly runner: RunCommandRunner,
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The question of docs/reference/safety.md#confirmation: the command and the pane. */
  describeCall(input: RunCommandInput, ctx: ToolCallContext): Promise<string> {
    return ctx.get(CallDescriber).typing(input, `Run ${shownText(input.command)}`);
  }

  async execute(input: RunCommandInput, ctx: ToolCallContext): Promise<RunCommandResult> {
    // docs/reference/tools.md#run_command: these rules are checked before any tmux call, in this order.
    if (!input.command.trim()) throw new ExpectedToolError('command must not be empty');
    if (input.suppress_history && /[\n\r]/.test(input.command))
      throw new ExpectedToolError('command must be a single line when suppress_history=True');
    if (!(input.timeout > 0)) throw new ExpectedToolError('timeout must be positive');

    const engine = this.pool.engineOf(input);
    // A plain pane id needs no lookup: the readiness read names the pane and fails as the lookup
    // would for a pane or a server that is not there (one tmux round trip less, one process less
    // on the subprocess engine). Only the id as tmux writes it: tmux would read `%01` as `%1`
    // (docs/reference/tools.md#pane-resolution).
    const pane =
      input.pane_id != null && PLAIN_PANE_ID.test(input.pane_id) ? input.pane_id : (await this.targets.pane(engine, input)).pane_id;
    return this.runner.run(engine, pane, {
      command: input.command,
      effectiveTimeout: Math.min(input.timeout, this.config.waitMaxSeconds),
      suppressHistory: input.suppress_history,
      maxLines: input.max_lines,
      returnOnInput: input.return_on_input,
      signal: ctx.signal,
      progress: ctx.progress,
    });
  }
}
