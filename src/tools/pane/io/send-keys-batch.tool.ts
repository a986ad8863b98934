import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { DescribesCall } from '../../../framework/confirm/confirm';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { CallDescriber, shownText } from '../../../services/call-describer.service';
import { SendKeysBatchResult, SendKeysOperationResult } from '../../../models/send-keys-batch-result.model';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { startHeartbeat } from '../../../services/progress-heartbeat';
import { SendKeysBatchInput } from './send-keys-batch.input';
import { SendKeysBatchRunner } from './send-keys-batch.runner';

@TmuxTool({
  name: 'send_keys_batch',
  tier: 'mutating',
  title: 'Send Keys Batch',
  idempotentHint: false,
  openWorldHint: true,
  description:
    'Run several send_keys operations in order, each to its own pane; a failure becomes a row with success=false. Does not wait for output.',
  input: SendKeysBatchInput,
  output: SendKeysBatchResult,
})
export class SendKeysBatchTool implements ToolHandler<SendKeysBatchInput, SendKeysBatchResult>, DescribesCall<SendKeysBatchInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly runner: SendKeysBatchRunner,
  ) {}

  /** The question of docs/reference/safety.md#confirmation: each operation's keys and pane, one line each. */
  async describeCall(input: SendKeysBatchInput, ctx: ToolCallContext): Promise<string> {
    const describer = ctx.get(CallDescriber);
    const lines: string[] = [];
    for (const [i, op] of input.operations.entries()) {
      const what = `Send keys ${shownText(op.keys)}${op.enter ? ' and Enter' : ''}`;
      lines.push(
        `${i + 1}. ${await describer.typing({ ...op, socket_name: input.socket_name, host: input.host }, what, 'to').catch(() => `${what} (no such pane)`)}`,
      );
    }
    return `Send keys to ${lines.length} pane(s):\n${lines.join('\n')}`;
  }

  async execute(input: SendKeysBatchInput, ctx: ToolCallContext): Promise<SendKeysBatchResult> {
    if (!input.operations.length) throw new ExpectedToolError('operations must not be empty');
    const engine = this.pool.engineOf(input);
    const t0 = performance.now();
    const deadline = input.timeout === null ? null : { at: t0 + input.timeout * 1000, seconds: input.timeout };
    // Progress only for a bounded batch (docs/reference/protocol.md#progress): total = its timeout.
    const results: SendKeysOperationResult[] = [];
    const count = input.operations.length;
    const stopBeat = deadline
      ? startHeartbeat(ctx.progress, t0, deadline.seconds, async () => `Sending keys: ${results.length} of ${count} operations done`)
      : () => undefined;
    let stoppedAt: number | null = null;
    try {
      for (const [index, op] of input.operations.entries()) {
        if (ctx.signal.aborted) throw new ExpectedToolError('send_keys_batch was cancelled');
        const row = await this.runner.runOne(engine, index, op, deadline, ctx.signal);
        results.push(row);
        if (!row.success && input.on_error === 'stop') {
          stoppedAt = index;
          break;
        }
      }
    } finally {
      stopBeat();
    }
    const succeeded = results.filter((r) => r.success).length;
    return { results, succeeded, failed: results.length - succeeded, stopped_at: stoppedAt };
  }
}
