import type { Next, ToolCall, ToolInterceptor, ToolResult } from 'tmux-mcp-ts';
import type { CallStats } from './call-stats';

/**
 * An interceptor: one layer of the onion every tool call passes through, the outer layers first
 * (docs/architecture.md#interceptor-order). Its order is chosen in index.ts between the audit
 * layer (400) and the readonly-retry layer (500):
 * - inside the error-result layer (300), so a failed call reaches it as the thrown error, before
 *   it becomes an `isError` result;
 * - outside the retry layer, so a retried call counts once, as in the audit log;
 * - outside the safety and validation layers, so refused and invalid calls count too.
 */
export class CallStatsInterceptor implements ToolInterceptor {
  constructor(
    private readonly stats: CallStats,
    readonly order: number,
  ) {}

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    try {
      const result = await next();
      this.stats.record(call.tool.name, false);
      return result;
    } catch (err) {
      this.stats.record(call.tool.name, true);
      throw err; // never swallow: the error-result layer turns it into the agent's error text
    }
  }
}
