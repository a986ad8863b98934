import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { DescribesCall } from '../../framework/confirm/confirm';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { CallDescriber } from '../../services/call-describer.service';
import { CallerIdentityService } from '../../services/caller-identity.service';
import { HierarchyService } from '../../services/hierarchy.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { KillWindowInput } from './kill-window.input';

/** The refusal text of docs/reference/safety.md#self-kill-guards, word for word. */
export const REFUSE_KILL_WINDOW = "Refusing to kill the window containing this MCP server's pane. Use a manual tmux command if intended.";

@TmuxTool({
  name: 'kill_window',
  tier: 'destructive',
  title: 'Kill tmux Window',
  description: 'Kill a tmux window and its panes, by window_id. Refused for the window holding this MCP server.',
  input: KillWindowInput,
  output: String,
})
export class KillWindowTool implements ToolHandler<KillWindowInput, string>, DescribesCall<KillWindowInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly callers: CallerIdentityService,
  ) {}

  /** The question of docs/reference/safety.md#confirmation, after the self-kill guard. */
  async describeCall(input: KillWindowInput, ctx: ToolCallContext): Promise<string> {
    const { engine, w } = await this.target(input);
    return ctx.get(CallDescriber).killWindow(engine, w);
  }

  async execute(input: KillWindowInput): Promise<string> {
    const { engine, w } = await this.target(input);
    await engine.run(['kill-window', '-t', w.window_id]);
    return `Window killed: ${w.window_id}`;
  }

  private async target(input: KillWindowInput) {
    const engine = this.pool.engineOf(input);
    const w = await this.resolver.window(engine, { window_id: input.window_id });
    // Self-kill guard (docs/reference/safety.md#self-kill-guards): conservative "caller on this
    // server" AND the caller's pane is in this window.
    const paneId = this.callers.caller?.paneId;
    if (paneId && (await this.callers.callerOnServer(engine))) {
      const panes = await this.hierarchy.panes(engine, { windowId: w.window_id });
      if (panes.some((p) => p.pane_id === paneId)) throw new ExpectedToolError(REFUSE_KILL_WINDOW);
    }
    return { engine, w };
  }
}
