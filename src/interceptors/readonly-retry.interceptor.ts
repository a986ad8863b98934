import { inject, injectable } from 'tsyringe';
import type { LoggerFactory } from '../framework/logging/logger.factory';
import { isSelfBounded } from '../framework/metadata/tool-metadata';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import { LOGGER_FACTORY } from '../framework/tokens';
import { retryableError } from '../framework/errors/tool-errors';

const DELAY_MS = 100;

/**
 * One retry of a transient tmux failure, for readonly tools that are not self-bounded
 * (docs/reference/errors.md#retry). Sits between audit and safety.
 */
@injectable()
export class ReadonlyRetryInterceptor implements ToolInterceptor {
  readonly order = ORDER.READONLY_RETRY;
  private readonly log;

  constructor(@inject(LOGGER_FACTORY) loggers: LoggerFactory) {
    this.log = loggers('tmux_mcp.retry');
  }

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    if (call.tool.meta.tier !== 'readonly' || isSelfBounded(call.tool.meta)) return next();
    try {
      return await next();
    } catch (err) {
      const t = retryableError(err);
      if (!t || call.ctx.signal.aborted) throw err;
      this.log.warn(`Request tools/call failed (attempt 1/2): ${t.name}: ${t.message}. Retrying in ${DELAY_MS / 1000}s...`);
      await new Promise((r) => setTimeout(r, DELAY_MS));
      return next();
    }
  }
}
