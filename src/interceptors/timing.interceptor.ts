import { inject, injectable } from 'tsyringe';
import type { LoggerFactory } from '../framework/logging/logger.factory';
import { LOGGER_FACTORY } from '../framework/tokens';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';

/** Outermost layer: wall time of the whole call on `tmux_mcp.timing` (docs/reference/protocol.md#timing-logs). */
@injectable()
export class TimingInterceptor implements ToolInterceptor {
  readonly order = ORDER.TIMING;
  private readonly log;

  constructor(@inject(LOGGER_FACTORY) loggers: LoggerFactory) {
    this.log = loggers('tmux_mcp.timing');
  }

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    // Level checked first: with info off (TMUX_MCP_LOG_LEVEL=warn) a call pays nothing here.
    if (!this.log.isLevelEnabled('info')) return next();
    const t0 = performance.now();
    try {
      const r = await next();
      this.log.info(`Request tools/call completed in ${(performance.now() - t0).toFixed(2)}ms`);
      return r;
    } catch (err) {
      this.log.info(`Request tools/call failed after ${(performance.now() - t0).toFixed(2)}ms: ${(err as Error)?.name ?? 'Error'}`);
      throw err;
    }
  }
}
