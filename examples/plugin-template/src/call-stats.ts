import {
  ResourceNotFoundError,
  safeText,
  type Next,
  type ResourceTemplateProvider,
  type ToolCall,
  type ToolInterceptor,
  type ToolResult,
} from 'tmux-mcp-ts';

/** Calls and failed calls per tool name, since the server started. Shared by the two classes below. */
export class CallStats {
  private readonly byTool = new Map<string, { calls: number; errors: number }>();

  record(tool: string, failed: boolean): void {
    const s = this.byTool.get(tool) ?? { calls: 0, errors: 0 };
    s.calls++;
    if (failed) s.errors++;
    this.byTool.set(tool, s);
  }

  get(tool: string): { calls: number; errors: number } | undefined {
    return this.byTool.get(tool);
  }

  tools(): string[] {
    return [...this.byTool.keys()];
  }
}

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

/**
 * A resource template: `resources/read` of `tmux-template://calls/count_panes` returns that tool's
 * counts as JSON. The framework matches the URI and percent-decodes `{tool_name}`
 * (docs/reference/resources-and-prompts.md#uri-matching); `read` throws ResourceNotFoundError for
 * a miss, which the client gets as JSON-RPC -32002 (docs/reference/resources-and-prompts.md#resource-errors).
 */
export class CallStatsResource implements ResourceTemplateProvider {
  readonly name = 'tool_call_stats';
  readonly title = 'Tool Call Statistics';
  readonly description = 'How often a tool was called since the server started, and how many of those calls failed.';
  readonly uriTemplate = 'tmux-template://calls/{tool_name}';
  readonly mimeType = 'application/json';

  constructor(private readonly stats: CallStats) {}

  async read(vars: Readonly<Record<string, string>>): Promise<string> {
    const s = this.stats.get(vars.tool_name);
    if (!s) throw new ResourceNotFoundError(`No calls to '${safeText(vars.tool_name, 64)}' yet`);
    return JSON.stringify({ tool: vars.tool_name, ...s });
  }

  /** Completions for `{tool_name}`: the framework prefix-filters and caps them (docs/reference/resources-and-prompts.md#completions). */
  async complete(variable: string): Promise<string[]> {
    return variable === 'tool_name' ? this.stats.tools() : [];
  }
}
