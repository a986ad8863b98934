import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { CallerIdentityService } from '../../services/caller-identity.service';
import { HierarchyService } from '../../services/hierarchy.service';
import type { TmuxEngine } from '../../tmux/tmux-engine';
import { CallTargets } from '../../services/call-targets.service';
import { KillSessionInput } from './kill-session.input';

export const KILL_SESSION_NO_TARGET = 'Refusing to kill without an explicit target. Provide session_name or session_id.';
export const KILL_SESSION_REFUSAL =
  "Refusing to kill the session containing this MCP server's pane. Use a manual tmux command if intended.";

@TmuxTool({
  name: 'kill_session',
  tier: 'destructive',
  title: 'Kill tmux Session',
  description:
    'Kill a tmux session and all its windows and panes; needs session_name or session_id. Refused for the session holding this MCP server.',
  input: KillSessionInput,
  output: String,
})
export class KillSessionTool implements ToolHandler<KillSessionInput, string> {
  constructor(
    private readonly targets: CallTargets,
    private readonly hierarchy: HierarchyService,
    private readonly caller: CallerIdentityService,
  ) {}

  async execute(input: KillSessionInput): Promise<string> {
    // No "first session" fallback for a destructive call (docs/reference/tools.md#required-targets).
    if (input.session_name == null && input.session_id == null) throw new ExpectedToolError(KILL_SESSION_NO_TARGET);
    const { engine, session } = await this.targets.session(input);
    if (await this.holdsCaller(engine, session.session_id)) throw new ExpectedToolError(KILL_SESSION_REFUSAL);
    await engine.run(['kill-session', '-t', session.session_id]);
    return `Session killed: ${session.session_name || session.session_id}`;
  }

  /**
   * Self-kill guard (docs/reference/safety.md#self-kill-guards): the caller is on this server AND
   * its pane, looked up there, is in the session. A window linked into several sessions lists the
   * pane once per session, so any row counts. Without TMUX_PANE the session field of $TMUX is the
   * only clue (conservative).
   */
  private async holdsCaller(engine: TmuxEngine, sessionId: string): Promise<boolean> {
    const c = this.caller.caller;
    if (!c || !(await this.caller.callerOnServer(engine))) return false;
    if (!c.paneId) return c.sessionId === sessionId;
    const panes = await this.hierarchy.panes(engine, { sessionId });
    return panes.some((p) => p.pane_id === c.paneId);
  }
}
