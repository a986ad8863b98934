import { injectable } from 'tsyringe';
import { safeRepr, safeText } from '../framework/validation/safe-repr';
import type { TmuxEngine } from '../tmux/tmux-engine';
import {
  LibTmuxException,
  MultipleObjectsReturned,
  NoServerRunning,
  NoSessionExists,
  PaneNotFound,
  TmuxNoServer,
  TmuxObjectDoesNotExist,
} from '../tmux/tmux-errors';

export { NoSessionExists };
import { HierarchyService } from './hierarchy.service';
import type { Row } from './tmux-formats';

/** Target arguments shared by most tools (docs/reference/tools.md#targeting). */
export interface TargetArgs {
  session_name?: string | null;
  session_id?: string | null;
  window_id?: string | null;
  window_index?: string | null;
  pane_id?: string | null;
}

/**
 * The name tmux 3.3a stores for a session name (its `session_check_name` runs `utf8_stravis`):
 * `\` is doubled and `$` before a letter, `_` or `{` becomes `\$` (results report what tmux
 * stores, docs/reference/tools.md#session-names). Control characters never get here (the schema
 * refuses them, docs/reference/tools.md#names-and-escaping).
 */
export function tmuxStoredSessionName(name: string): string {
  return name.replace(/\\/g, '\\\\').replace(/\$(?=[A-Za-z_{])/g, '\\$');
}

/** A name lookup accepts the form the caller gave or the form tmux stored (docs/reference/tools.md#session-names). */
export function nameMatches(stored: string, given: string): boolean {
  return stored === given || stored === tmuxStoredSessionName(given);
}

const q = (v: string) => safeText(v);

/**
 * A pane id as tmux writes it (`%` and a number without leading zeros): a command given it finds
 * the same pane the lookup would, so tools that fail as the lookup does may skip it (tmux reads
 * `%01` as `%1`, which the lookup does not: docs/reference/tools.md#pane-resolution).
 */
export const PLAIN_PANE_ID = /^%(0|[1-9]\d*)$/;

/**
 * A pane id names a pane of a running server: with none running, the call says so rather than
 * that the pane is missing (docs/reference/tools.md#no-server-running).
 */
export function noServerRunning(engine: Pick<TmuxEngine, 'key'>): NoServerRunning {
  const { socketPath, socketName } = engine.key;
  return new NoServerRunning(`No tmux server is running on socket ${safeRepr(socketPath ?? socketName ?? 'default')}.`);
}

/**
 * Whether a window id names more than one place (docs/reference/tools.md#window-resolution): a
 * window linked into another session (`link-window`) does; a window a session group shares
 * (`tmux new -s b -t a`) does not, since every session of the group shows the same window. tmux's
 * own `window_linked` draws exactly that line (it discounts the group's references), so every
 * row that carries it (a window or a pane row) answers alike.
 */
export function windowIsAmbiguous(rows: readonly Row[]): boolean {
  return rows.some((r) => r.window_linked === '1');
}

/** The one field windowIsAmbiguous reads, added to any listing the resolver decides on. */
const LINKED = ['window_linked'] as const;

/** The session `a` names among `rows` (list-sessions order); see TargetResolver.session. */
export function pickSession(rows: readonly Row[], a: TargetArgs): Row {
  if (a.session_id != null) {
    const r = rows.find((s) => s.session_id === a.session_id);
    if (!r) throw new TmuxObjectDoesNotExist(`Could not find session_id=${q(a.session_id)} for list-sessions`);
    return r;
  }
  if (a.session_name != null) {
    const r = rows.find((s) => nameMatches(s.session_name, a.session_name!));
    if (!r) throw new TmuxObjectDoesNotExist(`Could not find session_name=${q(a.session_name)} for list-sessions`);
    return r;
  }
  if (!rows.length) throw new NoSessionExists('No tmux session exists on this server.');
  return rows[0];
}

/**
 * Session/window/pane resolution (docs/reference/tools.md#targeting). Targets are matched exactly
 * in our code against listings (never by tmux's prefix/fnmatch rules) and returned as rows whose
 * ids are then passed to tmux with `-t` (docs/reference/tools.md#explicit-targets).
 */
@injectable()
export class TargetResolver {
  constructor(private readonly hierarchy: HierarchyService) {}

  /** session_id wins over session_name; neither → the first session in list-sessions order. */
  async session(engine: TmuxEngine, a: TargetArgs, extra: readonly string[] = []): Promise<Row> {
    return pickSession(await this.hierarchy.sessions(engine, extra), a);
  }

  /** window_id → else session (+ window_index) → else the session's lowest-index window. */
  async window(engine: TmuxEngine, a: TargetArgs, extra: readonly string[] = []): Promise<Row> {
    if (a.window_id != null) {
      const rows = await this.hierarchy.windowsById(engine, a.window_id, [...extra, ...LINKED]);
      if (!rows.length) throw new TmuxObjectDoesNotExist(`Could not find window_id=${q(a.window_id)} for list-windows`);
      if (windowIsAmbiguous(rows) && a.session_id == null && a.session_name == null)
        throw new MultipleObjectsReturned(`Multiple objects returned for window_id=${q(a.window_id)}`);
      if (rows.length > 1 && (a.session_id != null || a.session_name != null)) {
        const s = await this.session(engine, a);
        return rows.find((w) => w.session_id === s.session_id) ?? rows[0];
      }
      return rows[0];
    }
    const s = await this.session(engine, a);
    const windows = await this.hierarchy.windows(engine, s.session_id, extra);
    if (a.window_index != null) {
      const w = windows.find((x) => x.window_index === String(a.window_index));
      if (!w) throw new TmuxObjectDoesNotExist(`Could not find window_index=${q(String(a.window_index))} for list-windows`);
      return w;
    }
    if (!windows.length) throw new TmuxObjectDoesNotExist(`Could not find window for session ${s.session_id}`);
    return windows.reduce((lo, w) => (Number(w.window_index) < Number(lo.window_index) ? w : lo));
  }

  /**
   * The panes of the window `windowId` (an `@N` id) in one command, under the same rules as
   * window(): unknown is not found, a window linked into another session is ambiguous, a window a
   * session group shares is not (docs/reference/tools.md#window-resolution).
   */
  async windowPanes(engine: TmuxEngine, windowId: string, extra: readonly string[] = []): Promise<Row[]> {
    let found: Row[];
    try {
      found = await this.hierarchy.panesOfWindowId(engine, windowId, [...extra, ...LINKED]);
    } catch (err) {
      if (err instanceof TmuxNoServer || (err instanceof LibTmuxException && /can't find window/.test(err.message)))
        throw new TmuxObjectDoesNotExist(`Could not find window_id=${q(windowId)} for list-windows`);
      throw err;
    }
    if (windowIsAmbiguous(found)) throw new MultipleObjectsReturned(`Multiple objects returned for window_id=${q(windowId)}`);
    return found;
  }

  /** pane_id must exist on the server; else the first pane (list order, not the active one) of the resolved window. */
  async pane(engine: TmuxEngine, a: TargetArgs, extra: readonly string[] = []): Promise<Row> {
    if (a.pane_id != null) return this.paneById(engine, a.pane_id, extra);
    const w = await this.window(engine, a);
    const panes = await this.hierarchy.panes(engine, { windowId: w.window_id }, extra);
    if (!panes.length) throw new PaneNotFound(`Pane not found: no panes in window ${w.window_id}`);
    const inSession = panes.find((p) => p.session_id === w.session_id);
    return inSession ?? panes[0];
  }

  async paneById(engine: TmuxEngine, paneId: string, extra: readonly string[] = []): Promise<Row> {
    let r: Row | undefined;
    try {
      r = (await this.hierarchy.panesById(engine, paneId, extra, 'throw'))[0];
    } catch (err) {
      throw err instanceof TmuxNoServer ? noServerRunning(engine) : err;
    }
    if (!r) throw new PaneNotFound(`Pane not found: ${q(paneId)}`);
    return r;
  }
}
