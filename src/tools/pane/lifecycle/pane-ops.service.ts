import { injectable } from 'tsyringe';
import type { PaneInfo } from '../../../models/pane-info.model';
import { CallerIdentityService } from '../../../services/caller-identity.service';
import { HierarchyService } from '../../../services/hierarchy.service';
import { ModelSerializer } from '../../../services/model-serializer.service';
import { RunPrograms } from '../../../services/run-programs.service';
import { TargetArgs, TargetResolver } from '../../../services/target-resolver.service';
import type { Row } from '../../../services/tmux-formats';
import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { PaneNotFound } from '../../../tmux/tmux-errors';
import type { ServerTargetArgs } from '../../../services/tmux-server-pool.service';
import { CallTargets } from '../../../services/call-targets.service';

/**
 * The plumbing every pane lifecycle tool shares: pick the server, resolve the pane
 * (docs/reference/tools.md#pane-resolution), and re-read it after acting so results are never stale
 * (docs/reference/tools.md#fresh-results).
 */
@injectable()
export class PaneOps {
  constructor(
    private readonly targets: CallTargets,
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
    readonly callers: CallerIdentityService,
    private readonly programs: RunPrograms,
  ) {}

  /** The engine of the server the call targets (socket_name and host). */
  engineOf(input: ServerTargetArgs): TmuxEngine {
    return this.targets.engineOf(input);
  }

  /** The server and the resolved pane of a call, in one step (docs/reference/tools.md#pane-resolution). */
  async target(input: ServerTargetArgs & TargetArgs): Promise<{ engine: TmuxEngine; paneId: string; row: Row }> {
    const { engine, pane } = await this.targets.pane(input);
    return { engine, paneId: pane.pane_id, row: pane };
  }

  /** A pane id that must exist on the server (PaneNotFound otherwise). */
  byId(engine: TmuxEngine, paneId: string): Promise<Row> {
    return this.resolver.paneById(engine, paneId);
  }

  window(engine: TmuxEngine, args: TargetArgs): Promise<Row> {
    return this.resolver.window(engine, args);
  }

  /** Panes of one window in tmux's list order (pane index order). */
  panesOf(engine: TmuxEngine, windowId: string): Promise<Row[]> {
    return this.hierarchy.panes(engine, { windowId });
  }

  /** The active pane of a window, read now. */
  async activeOf(engine: TmuxEngine, windowId: string): Promise<Row> {
    const rows = await this.panesOf(engine, windowId);
    const row = rows.find((r) => r.pane_active === '1') ?? rows[0];
    if (!row) throw new PaneNotFound(`Pane not found: no panes in window ${windowId}`);
    return row;
  }

  async toInfo(engine: TmuxEngine, row: Row): Promise<PaneInfo> {
    const [isCaller, programs] = await Promise.all([this.callers.isCallerFn(engine), this.programs.of(engine, [row])]);
    return this.serializer.pane(row, isCaller, programs);
  }

  /** Re-reads a pane after a change (docs/reference/tools.md#fresh-results). */
  async fresh(engine: TmuxEngine, paneId: string): Promise<PaneInfo> {
    return this.toInfo(engine, await this.byId(engine, paneId));
  }

  /**
   * The self-kill guard of kill_pane/respawn_pane (docs/reference/safety.md#self-kill-guards): the
   * caller's pane id equals the target AND the caller runs on this server (conservative predicate).
   */
  async isCallerPane(engine: TmuxEngine, paneId: string): Promise<boolean> {
    const caller = this.callers.caller;
    if (!caller || caller.paneId !== paneId) return false;
    return this.callers.callerOnServer(engine);
  }
}
