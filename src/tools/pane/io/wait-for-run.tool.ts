import { TmuxTool } from '../../common/tmux-tool.decorator';
import { inject } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../../../config/server-config';
import { TAGS } from '../../../framework/metadata/tool-metadata';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { RunCommandResult } from '../../../models/run-command-result.model';
import { paneLastLine } from '../../../services/pane-progress';
import { startHeartbeat } from '../../../services/progress-heartbeat';
import { RunRegistry } from '../../../services/run-registry.service';
import { WaitCancelled } from '../../../services/wait-bounded-engine';
import { WaitForRunInput } from './wait-for-run.input';

/**
 * docs/reference/tools.md#wait_for_run: a reader of the run registry (docs/architecture.md#long-work).
 * Readonly: waiting changes nothing, and cancelling it ends the wait, never the run.
 */
@TmuxTool({
  name: 'wait_for_run',
  tier: 'readonly',
  title: 'Wait For Run',
  tags: [TAGS.SELF_BOUNDED],
  description: "Wait for a run_command run (run_id) to finish or ask for input; returns run_command's result.",
  input: WaitForRunInput,
  output: RunCommandResult,
})
export class WaitForRunTool implements ToolHandler<WaitForRunInput, RunCommandResult> {
  constructor(
    private readonly runs: RunRegistry,
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(input: WaitForRunInput, ctx: ToolCallContext): Promise<RunCommandResult> {
    const rec = this.runs.require(input.run_id);
    const effectiveTimeout = Math.min(input.timeout, this.config.waitMaxSeconds);
    const t0 = performance.now();
    const stopBeat = rec.inFlight
      ? startHeartbeat(ctx.progress, t0, effectiveTimeout, (signal) => paneLastLine(rec.engine, rec.paneId, { timeoutMs: 1000, signal }))
      : () => undefined;
    let outcome;
    try {
      outcome = await this.runs.wait(rec, {
        deadline: t0 + effectiveTimeout * 1000,
        returnOnInput: input.return_on_input,
        signal: ctx.signal,
      });
    } catch (err) {
      if (ctx.signal.aborted) throw new WaitCancelled('wait_for_run');
      throw err;
    } finally {
      stopBeat();
    }
    return this.runs.result(rec, { maxLines: input.max_lines, effectiveTimeout, timedOut: outcome === 'timeout' });
  }
}
