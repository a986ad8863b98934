import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { Tier, tierRank, TIERS } from '../framework/metadata/tool-metadata';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import type { ToolDescriptor } from '../framework/registry/tool-descriptor';

/**
 * Fail-closed tier gate (docs/reference/safety.md#tier-visibility,
 * docs/reference/safety.md#tier-refusal): off-tier and untagged tools are hidden from the list and
 * refused on call with an expected error naming the tier needed.
 */
@injectable()
export class SafetyInterceptor implements ToolInterceptor {
  readonly order = ORDER.SAFETY;
  private readonly max: number;

  constructor(@inject(SERVER_CONFIG) private readonly config: ServerConfig) {
    this.max = tierRank(config.safety);
  }

  allowed(d: ToolDescriptor): boolean {
    // Fail closed: a tier this server does not know is never exposed.
    const rank = tierRank(d.meta.tier);
    return rank >= 0 && rank <= this.max;
  }

  onList(tools: ToolDescriptor[]): ToolDescriptor[] {
    return tools.filter((t) => this.allowed(t));
  }

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    if (!this.allowed(call.tool)) {
      const needed: Tier = TIERS.includes(call.tool.meta.tier) ? call.tool.meta.tier : 'destructive';
      throw new ExpectedToolError(
        `Tool '${call.tool.name}' is not available at the current safety level (${this.config.safety}). Start the server with TMUX_MCP_SAFETY=${needed} to enable it.`,
      );
    }
    return next();
  }
}
