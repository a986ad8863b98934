import { inject, injectable } from 'tsyringe';
import type { CallConfirmation, ConfirmScope } from '../../framework/confirm/confirm';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import { isSelfBounded, Tier, tierRank } from '../../framework/metadata/tool-metadata';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import { TOOL_DISPATCHER, type ToolDispatcher } from '../../framework/pipeline/tool-dispatcher';
import type { ToolResult } from '../../framework/pipeline/tool-result';
import { safeText } from '../../framework/validation/safe-repr';
import type { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import type { ToolCallOperation } from '../../models/tool-call-operation.model';
import type { ToolCallOperationResult } from '../../models/tool-call-operation-result.model';
import { limitBatchResult } from './batch-envelope';
import { BATCH_TOOL_NAMES } from './batch-names';
import type { ToolCallBatchInput } from './batch.input';

export const MAX_BATCH_OPERATIONS = 1000;

const quoted = (name: string) => `'${safeText(name, 64)}'`;

/**
 * Runs the operations of a batch wrapper serially. Each allowed operation re-enters the whole
 * interceptor chain through the dispatcher (validation, safety, audit, error conversion:
 * docs/reference/tools.md#batch-wrappers), so a nested failure comes back as a row, never as an
 * exception.
 */
@injectable()
export class BatchRunner {
  constructor(@inject(TOOL_DISPATCHER) private readonly dispatcher: ToolDispatcher) {}

  async run(maxTier: Tier, input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    // Domain texts rather than schema bounds, worded as docs/reference/errors.md#batches says
    // (whole call isError).
    if (input.operations.length === 0) throw new ExpectedToolError('operations must contain at least one tool call');
    if (input.operations.length > MAX_BATCH_OPERATIONS)
      throw new ExpectedToolError(`operations must contain at most ${MAX_BATCH_OPERATIONS} tool calls`);

    const results: ToolCallOperationResult[] = [];
    let stoppedAt: number | null = null;
    for (const [index, op] of input.operations.entries()) {
      if (ctx.signal.aborted) break; // the client cancelled: no further side effects
      const row = await this.runOne(maxTier, op, index, ctx);
      results.push(row);
      if (!row.success && input.on_error === 'stop') {
        stoppedAt = index;
        break;
      }
    }
    const succeeded = results.filter((r) => r.success).length;
    return limitBatchResult({
      results,
      succeeded,
      failed: results.length - succeeded,
      stopped_at: stoppedAt,
      response_truncated: false,
      response_truncated_bytes: 0,
    });
  }

  /**
   * The batch's one question (docs/reference/safety.md#confirmation): each operation that asks,
   * described as its own call would be, one line each; null when none asks. The answer covers
   * exactly those operations' nested calls, by their arguments object.
   */
  async describe(maxTier: Tier, input: ToolCallBatchInput, scope: ConfirmScope): Promise<CallConfirmation | null> {
    const lines: string[] = [];
    const covers: object[] = [];
    for (const [index, op] of input.operations.entries()) {
      if (this.refusal(maxTier, op.tool)) continue;
      op.arguments ??= {}; // the very object runOne hands the nested call
      const d = await scope.describe(op.tool, op.arguments);
      if (!d) continue;
      lines.push(`${index + 1}. ${d.text}`);
      covers.push(op.arguments);
    }
    if (!lines.length) return null;
    const n = input.operations.length;
    return { text: `Run this batch of ${n} operation${n === 1 ? '' : 's'}? These need your answer:\n${lines.join('\n')}`, covers };
  }

  /** Why an operation may not run in this wrapper: the per-row checks of docs/reference/tools.md#batch-wrappers, in their order. */
  private refusal(maxTier: Tier, name: string): string | undefined {
    if (BATCH_TOOL_NAMES.has(name)) return 'Batch tools cannot call batch tools recursively.';
    // Hidden at the server tier counts as unknown, exactly like a direct call would see it.
    const d = this.dispatcher.visible(name);
    if (!d) return `Unknown tool: ${quoted(name)}`;
    if (isSelfBounded(d.meta))
      return `Tool ${quoted(name)} enforces its own wait ceiling and cannot be batched; batching would multiply that ceiling by the operation count. Call it directly.`;
    const tier = d.meta.tier;
    if (tierRank(tier) > tierRank(maxTier)) return `Tool ${quoted(name)} has tier '${tier}', which exceeds batch tier ${maxTier}.`;
    return undefined;
  }

  private async runOne(maxTier: Tier, op: ToolCallOperation, index: number, ctx: ToolCallContext): Promise<ToolCallOperationResult> {
    const t0 = performance.now();
    const elapsed = () => (performance.now() - t0) / 1000;
    const refused = this.refusal(maxTier, op.tool);
    if (refused) return row(index, op.tool, refused, elapsed());
    let result: ToolResult | undefined;
    try {
      result = await this.dispatcher.call(op.tool, op.arguments ?? {}, {
        requestId: ctx.requestId,
        clientId: ctx.clientId,
        client: ctx.client,
        signal: ctx.signal,
        progress: ctx.progress,
        notify: (level, message) => ctx.notify(level, message),
        depth: ctx.depth + 1,
      });
    } catch (err) {
      // The chain converts tool errors itself; only a broken interceptor gets here.
      const name = err instanceof Error ? err.name : typeof err;
      return row(index, op.tool, `Unexpected error: ${name}: ${err instanceof Error ? err.message : String(err)}`, elapsed());
    }
    if (!result) return row(index, op.tool, `Unknown tool: ${quoted(op.tool)}`, elapsed());
    const isError = result.isError === true;
    return {
      index,
      tool: op.tool,
      success: !isError,
      error: isError ? errorText(result) : null,
      content: result.content.map((c) => ({ ...c })),
      structured_content: result.structuredContent ?? null,
      meta: result._meta ?? null,
      elapsed_seconds: elapsed(),
    };
  }
}

/** A refused operation: no nested result, so no content, structured_content or meta. */
function row(index: number, tool: string, error: string, elapsed: number): ToolCallOperationResult {
  return { index, tool, success: false, error, content: [], structured_content: null, meta: null, elapsed_seconds: elapsed };
}

/** The nested error's text blocks joined by newlines: a row's `error` (docs/reference/tools.md#batch-wrappers). */
function errorText(result: ToolResult): string {
  const texts = result.content.filter((c) => typeof (c as { text?: unknown }).text === 'string').map((c) => String(c.text));
  return texts.length ? texts.join('\n') : 'Tool call returned an error result.';
}
