import { injectable } from 'tsyringe';
import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { TmuxNoServer } from '../tmux/tmux-errors';
import { formatOf, parseRows, PANE_FIELDS, Row, SEP, SESSION_FIELDS, WINDOW_FIELDS } from './tmux-formats';

/** Marks the engine's own control clients (docs/reference/engine.md#invisibility): tmux reports it as `#{client_termname}`. */
export const ENGINE_CLIENT_TERM = 'tmux-mcp-engine';

export type PaneScope = { all: true } | { sessionId: string } | { windowId: string };

const uniq = (a: readonly string[], b: readonly string[] = []) => [...new Set([...a, ...b])];

const CLIENTS_ARGV = ['list-clients', '-F', `#{client_termname}${SEP}#{session_id}`];

/** Attached clients per session id from list-clients rows, engine clients left out. */
function countAttached(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const [term, sid] = line.split(SEP);
    if (term === ENGINE_CLIENT_TERM || !sid) continue;
    counts.set(sid, (counts.get(sid) ?? 0) + 1);
  }
  return counts;
}

/** The default listings run on most calls: their field lists and formats are built once. */
const DEFAULTS = new Map<readonly string[], { fields: readonly string[]; format: string }>(
  [SESSION_FIELDS, WINDOW_FIELDS, PANE_FIELDS].map((f) => [f, { fields: f, format: formatOf(f) }]),
);

function fieldsAndFormat(base: readonly string[], extra: readonly string[]): { fields: readonly string[]; format: string } {
  const d = extra.length === 0 ? DEFAULTS.get(base) : undefined;
  if (d) return d;
  const fields = uniq(base, extra);
  return { fields, format: formatOf(fields) };
}

/**
 * Raw listings of sessions, windows and panes (rows of tmux strings). Every call lists by id
 * scope with explicit `-t` ids (docs/reference/tools.md#explicit-targets); "no server" becomes an empty list.
 */
@injectable()
export class HierarchyService {
  async sessions(engine: TmuxEngine, extra: readonly string[] = []): Promise<Row[]> {
    const { fields, format } = fieldsAndFormat(SESSION_FIELDS, extra);
    return this.list(engine, ['list-sessions', '-F', format], fields);
  }

  async windows(engine: TmuxEngine, sessionId?: string, extra: readonly string[] = []): Promise<Row[]> {
    const { fields, format } = fieldsAndFormat(WINDOW_FIELDS, extra);
    const scope = sessionId ? ['-t', sessionId] : ['-a'];
    return this.list(engine, ['list-windows', ...scope, '-F', format], fields);
  }

  /**
   * The rows of one window (one per session that links it) or one pane, listed server-wide with a
   * tmux filter rather than all rows. Only a plain id (`@N`, `%N`) may go into the filter, which
   * tmux reads as a format; anything else lists everything and the caller filters.
   */
  async windowsById(engine: TmuxEngine, windowId: string, extra: readonly string[] = []): Promise<Row[]> {
    const { fields, format } = fieldsAndFormat(WINDOW_FIELDS, extra);
    const filter = /^@\d+$/.test(windowId) ? ['-f', `#{==:#{window_id},${windowId}}`] : [];
    return (await this.list(engine, ['list-windows', '-a', ...filter, '-F', format], fields)).filter((w) => w.window_id === windowId);
  }

  /** `noServer: 'throw'`: a server that is not running throws TmuxNoServer instead of listing nothing. */
  async panesById(
    engine: TmuxEngine,
    paneId: string,
    extra: readonly string[] = [],
    noServer: 'empty' | 'throw' = 'empty',
  ): Promise<Row[]> {
    const { fields, format } = fieldsAndFormat(PANE_FIELDS, extra);
    const filter = /^%\d+$/.test(paneId) ? ['-f', `#{==:#{pane_id},${paneId}}`] : [];
    const args = ['list-panes', '-a', ...filter, '-F', format];
    const rows = noServer === 'throw' ? parseRows(await engine.run(args), fields) : await this.list(engine, args, fields);
    return rows.filter((p) => p.pane_id === paneId);
  }

  /** `filter`: a tmux format of our own making (never caller text) that a listed pane must make true (`-f`). */
  async panes(engine: TmuxEngine, scope: PaneScope, extra: readonly string[] = [], filter?: string): Promise<Row[]> {
    const { fields, format } = fieldsAndFormat(PANE_FIELDS, extra);
    const s = 'all' in scope ? ['-a'] : 'sessionId' in scope ? ['-s', '-t', scope.sessionId] : ['-t', scope.windowId];
    return this.list(engine, ['list-panes', ...s, ...(filter ? ['-f', filter] : []), '-F', format], fields);
  }

  /**
   * Sessions and their attached-client counts in one round trip (one subprocess on the exec
   * engine): the two listings list_sessions, get_session_info and the session resources need.
   */
  async sessionsWithAttached(engine: TmuxEngine, extra: readonly string[] = []): Promise<{ rows: Row[]; attached: Map<string, number> }> {
    const { fields, format } = fieldsAndFormat(SESSION_FIELDS, extra);
    try {
      const [sessions, clients] = await runList(engine, [['list-sessions', '-F', format], CLIENTS_ARGV]);
      return { rows: parseRows(sessions, fields), attached: countAttached(clients) };
    } catch (err) {
      if (err instanceof TmuxNoServer) return { rows: [], attached: new Map() };
      throw err;
    }
  }

  /**
   * The panes of one window by id, in one command; whether the id is ambiguous is the resolver's
   * rule (TargetResolver.windowPanes, docs/reference/tools.md#window-resolution). tmux answers a
   * window that does not exist with "can't find window", which the caller maps.
   */
  async panesOfWindowId(engine: TmuxEngine, windowId: string, extra: readonly string[] = []): Promise<Row[]> {
    const p = fieldsAndFormat(PANE_FIELDS, extra);
    return parseRows(await engine.run(['list-panes', '-t', windowId, '-F', p.format]), p.fields);
  }

  /**
   * Attached clients per session id, without engine clients
   * (docs/reference/engine.md#invisibility): `session_attached` as the user would count it.
   */
  async attachedCounts(engine: TmuxEngine): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    try {
      return countAttached(await engine.run(CLIENTS_ARGV));
    } catch (err) {
      if (err instanceof TmuxNoServer) return counts;
      throw err;
    }
  }

  private async list(engine: TmuxEngine, args: string[], fields: readonly string[]): Promise<Row[]> {
    try {
      return parseRows(await engine.run(args), fields);
    } catch (err) {
      if (err instanceof TmuxNoServer) return [];
      throw err;
    }
  }
}
