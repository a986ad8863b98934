import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { DescribesCall } from '../../framework/confirm/confirm';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { CallDescriber } from '../../services/call-describer.service';
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
export class KillSessionTool implements ToolHandler<KillSessionInput, string>, DescribesCall<KillSessionInput> {
  constructor(
    private readonly targets: CallTargets,
    private readonly hierarchy: HierarchyService,
    private readonly caller: CallerIdentityService,
  ) {}

  /** The question of docs/reference/safety.md#confirmation; the same refusals first: nobody is asked about a call that would be refused. */
  async describeCall(input: KillSessionInput, ctx: ToolCallContext): Promise<string> {
    const { engine, session } = await this.target(input);
    return ctx.get(CallDescriber).killSession(engine, session);
  }

  async execute(input: KillSessionInput): Promise<string> {
    const { engine, session } = await this.target(input);
    await engine.run(['kill-session', '-t', session.session_id]);
    return `Session killed: ${session.session_name || session.session_id}`;
  }

  private async target(input: KillSessionInput) {
    // No "first session" fallback for a destructive call (docs/reference/tools.md#required-targets).
    if (input.session_name == null && input.session_id == null) throw new ExpectedToolError(KILL_SESSION_NO_TARGET);
    const found = await this.targets.session(input);
    if (await this.holdsCaller(found.engine, found.session.session_id)) throw new ExpectedToolError(KILL_SESSION_REFUSAL);
    return found;
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
