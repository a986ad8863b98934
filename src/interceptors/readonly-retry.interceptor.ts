import { inject, injectable } from 'tsyringe';
import type { LoggerFactory } from '../framework/logging/logger.factory';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import { LOGGER_FACTORY } from '../framework/tokens';
import { LibTmuxException, NON_RETRYABLE } from '../tmux/tmux-errors';

const DELAY_MS = 100;

function transient(err: unknown): LibTmuxException | undefined {
  const candidates = [err, (err as { cause?: unknown })?.cause];
  for (const c of candidates) {
    if (c instanceof LibTmuxException && !NON_RETRYABLE.some((k) => c instanceof k)) return c;
  }
  return undefined;
}

/**
 * One retry of a transient tmux failure, for readonly tools that are not self-bounded
 * (SPEC §3 item 5). Sits between audit and safety.
 */
@injectable()
export class ReadonlyRetryInterceptor implements ToolInterceptor {
  readonly order = ORDER.READONLY_RETRY;
  private readonly log;

  constructor(@inject(LOGGER_FACTORY) loggers: LoggerFactory) {
    this.log = loggers('tmux_mcp.retry');
  }

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    const { tags } = call.tool.meta;
    if (!tags.includes('readonly') || tags.includes('self-bounded') || call.tool.meta.tier !== 'readonly') return next();
    try {
      return await next();
    } catch (err) {
      const t = transient(err);
      if (!t || call.ctx.signal.aborted) throw err;
      this.log.warn(`Request tools/call failed (attempt 1/2): ${t.name}: ${t.message}. Retrying in ${DELAY_MS / 1000}s...`);
      await new Promise((r) => setTimeout(r, DELAY_MS));
      return next();
    }
  }
}
