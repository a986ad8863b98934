import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { ResourceNotFoundError, ResourceParamError } from '../framework/protocol/resources.handlers';
import { safeText } from '../framework/validation/safe-repr';
import type { PaneInfo } from '../models/pane-info.model';
import type { SessionInfo } from '../models/session-info.model';
import type { WindowInfo } from '../models/window-info.model';
import { CallerIdentityService } from '../services/caller-identity.service';
import { HierarchyService } from '../services/hierarchy.service';
import { ModelSerializer } from '../services/model-serializer.service';
import { RunPrograms } from '../services/run-programs.service';
import { nameMatches } from '../services/target-resolver.service';
import type { Row } from '../services/tmux-formats';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { TmuxNoServer } from '../tmux/tmux-errors';
import { hostError } from '../services/tmux-error.mapper';
import { TmuxServerPool } from '../services/tmux-server-pool.service';

const q = (v: string) => safeText(v);

/**
 * Reads the tmux hierarchy for the tmux:// resources
 * (docs/reference/resources-and-prompts.md#resource-bodies). Lookups are by session NAME and window
 * INDEX, as the URIs carry them; a miss is a ResourceNotFoundError
 * (docs/reference/resources-and-prompts.md#resource-errors).
 */
@injectable()
export class TmuxResourceReader {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
    private readonly caller: CallerIdentityService,
    private readonly programs: RunPrograms,
  ) {}

  /** The server of a read; an unknown host is refused as a bad parameter (docs/reference/resources-and-prompts.md#resource-errors). */
  private engine(socket?: string, host?: string): TmuxEngine {
    try {
      return this.pool.engine(socket ?? null, host ?? null);
    } catch (err) {
      if (err instanceof ExpectedToolError) throw new ResourceParamError(err.message);
      throw err;
    }
  }

  /** A remote host's failure carries the tool's text (docs/reference/errors.md#remote-host-errors). */
  static hostText(err: unknown): unknown {
    return hostError(err) ?? err;
  }

  async sessions(socket?: string, host?: string): Promise<SessionInfo[]> {
    const engine = this.engine(socket, host);
    const rows = await this.hierarchy.sessions(engine);
    if (!rows.length) return [];
    const attached = await this.hierarchy.attachedCounts(engine);
    return rows.map((r) => this.serializer.session(r, attached));
  }

  async session(name: string, socket?: string, host?: string): Promise<SessionInfo & { windows: WindowInfo[] }> {
    const engine = this.engine(socket, host);
    const row = await this.sessionRow(engine, name);
    const attached = await this.hierarchy.attachedCounts(engine);
    return { ...this.serializer.session(row, attached), windows: await this.windowsOf(engine, row) };
  }

  async sessionWindows(name: string, socket?: string, host?: string): Promise<WindowInfo[]> {
    const engine = this.engine(socket, host);
    return this.windowsOf(engine, await this.sessionRow(engine, name));
  }

  async window(name: string, index: string, socket?: string, host?: string): Promise<WindowInfo & { panes: PaneInfo[] }> {
    const engine = this.engine(socket, host);
    const s = await this.sessionRow(engine, name);
    const rows = await this.hierarchy.windows(engine, s.session_id);
    // "01" and "1" name the same index; anything but digits names none.
    const w = /^\d+$/.test(index) ? rows.find((r) => r.window_index === String(Number(index))) : undefined;
    if (!w) throw new ResourceNotFoundError(`Window not found: index ${q(index)}`);
    const isCaller = await this.caller.isCallerFn(engine);
    const panes = await this.hierarchy.panes(engine, { windowId: w.window_id });
    const programs = await this.programs.of(engine, panes);
    return { ...this.serializer.window(w), panes: panes.map((p) => this.serializer.pane(p, isCaller, programs)) };
  }

  async pane(paneId: string, socket?: string, host?: string): Promise<PaneInfo> {
    const engine = this.engine(socket, host);
    const row = await this.paneRow(engine, paneId);
    return this.serializer.pane(row, await this.caller.isCallerFn(engine), await this.programs.of(engine, [row]));
  }

  /** The visible screen (no scrollback, no truncation), trailing blank lines dropped as libtmux does. */
  async paneContent(paneId: string, socket?: string, host?: string): Promise<string> {
    const engine = this.engine(socket, host);
    const row = await this.paneRow(engine, paneId);
    let lines: string[];
    try {
      lines = await engine.run(['capture-pane', '-p', '-t', row.pane_id]);
    } catch (err) {
      if (err instanceof TmuxNoServer) throw new ResourceNotFoundError(`Pane not found: ${q(paneId)}`);
      throw err;
    }
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines.join('\n');
  }

  /**
   * The engine and the pane of a watch (docs/reference/resources-and-prompts.md#pane-content-updates),
   * resolved like a read: the pane must exist now.
   */
  async paneTarget(paneId: string, socket?: string, host?: string): Promise<{ engine: TmuxEngine; paneId: string }> {
    const engine = this.engine(socket, host);
    return { engine, paneId: (await this.paneRow(engine, paneId)).pane_id };
  }

  private async sessionRow(engine: TmuxEngine, name: string): Promise<Row> {
    const row = (await this.hierarchy.sessions(engine)).find((s) => nameMatches(s.session_name, name));
    if (!row) throw new ResourceNotFoundError(`Session not found: ${q(name)}`);
    return row;
  }

  private async windowsOf(engine: TmuxEngine, session: Row): Promise<WindowInfo[]> {
    return (await this.hierarchy.windows(engine, session.session_id)).map((w) => this.serializer.window(w));
  }

  private async paneRow(engine: TmuxEngine, paneId: string): Promise<Row> {
    const row = (await this.hierarchy.panes(engine, { all: true })).find((p) => p.pane_id === paneId);
    if (!row) throw new ResourceNotFoundError(`Pane not found: ${q(paneId)}`);
    return row;
  }
}
