import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { DescribesCall } from '../../framework/confirm/confirm';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { CallDescriber } from '../../services/call-describer.service';
import { CallerIdentityService } from '../../services/caller-identity.service';
import { TmuxConnectionLost, TmuxNoServer } from '../../tmux/tmux-errors';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { KillServerInput } from './kill-server.input';

export const KILL_SERVER_REFUSAL =
  'Refusing to kill the tmux server while this MCP server is running inside it. Use a manual tmux command if intended.';

@TmuxTool({
  name: 'kill_server',
  tier: 'destructive',
  title: 'Kill tmux Server',
  description: 'Kill a tmux server and everything on it. Refused when this MCP server runs inside it.',
  input: KillServerInput,
  output: String,
})
export class KillServerTool implements ToolHandler<KillServerInput, string>, DescribesCall<KillServerInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly caller: CallerIdentityService,
  ) {}

  /** The question of docs/reference/safety.md#confirmation, after the self-kill guard. */
  async describeCall(input: KillServerInput, ctx: ToolCallContext): Promise<string> {
    const engine = this.pool.engineOf(input);
    if (await this.caller.callerOnServer(engine)) throw new ExpectedToolError(KILL_SERVER_REFUSAL);
    return ctx.get(CallDescriber).killServer(engine);
  }

  async execute(input: KillServerInput): Promise<string> {
    const engine = this.pool.engineOf(input);
    // Conservative self-kill guard (docs/reference/safety.md#guard-predicate): any doubt means "on
    // this server".
    if (await this.caller.callerOnServer(engine)) throw new ExpectedToolError(KILL_SERVER_REFUSAL);
    // Close our own client first so the engine sees no "server exited" surprise, then kill
    // through a subprocess of the same key, so on the same host (docs/reference/engine.md#processes):
    // a control connection dies with the server before it can answer.
    await this.pool.evict(engine.key);
    try {
      await this.pool.subprocessFor(engine.key).run(['kill-server']);
    } catch (err) {
      // A server already gone counts as killed (docs/reference/tools.md#kill_server): no server
      // left is the goal, and libtmux's `Server.kill` ignores tmux's answer too.
      if (!(err instanceof TmuxNoServer || err instanceof TmuxConnectionLost)) throw err;
    }
    return 'Server killed successfully';
  }
}
