import { injectable } from 'tsyringe';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { TargetArgs, TargetResolver } from './target-resolver.service';
import type { Row } from './tmux-formats';
import { type ServerTargetArgs, TmuxServerPool } from './tmux-server-pool.service';

/**
 * A call's server and its target in one step: the engine of the server the input names
 * (socket_name and host, docs/reference/configuration.md#remote-hosts) and the session, window or
 * pane its target arguments resolve to (docs/reference/tools.md#pane-resolution). Every tool that acts
 * on one target starts this way.
 */
@injectable()
export class CallTargets {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
  ) {}

  /** The engine of the server the input names. */
  engineOf(input: ServerTargetArgs): TmuxEngine {
    return this.pool.engineOf(input);
  }

  async session(input: ServerTargetArgs & TargetArgs): Promise<{ engine: TmuxEngine; session: Row }> {
    const engine = this.pool.engineOf(input);
    return { engine, session: await this.resolver.session(engine, input) };
  }

  async window(input: ServerTargetArgs & TargetArgs): Promise<{ engine: TmuxEngine; window: Row }> {
    const engine = this.pool.engineOf(input);
    return { engine, window: await this.resolver.window(engine, input) };
  }

  /** pane_id, else the first pane of the resolved window (docs/reference/tools.md#pane-resolution). */
  async pane(input: ServerTargetArgs & TargetArgs): Promise<{ engine: TmuxEngine; pane: Row }> {
    const engine = this.pool.engineOf(input);
    return { engine, pane: await this.resolver.pane(engine, input) };
  }
}
