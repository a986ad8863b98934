import { ResourceNotFoundError, safeText, type ResourceTemplateProvider } from 'tmux-mcp-ts';
import type { CallStats } from './call-stats';

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
