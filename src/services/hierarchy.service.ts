import { injectable } from 'tsyringe';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { TmuxNoServer } from '../tmux/tmux-errors';
import { formatOf, parseRows, PANE_FIELDS, Row, SEP, SESSION_FIELDS, WINDOW_FIELDS } from './tmux-formats';

/** Marks the engine's own control clients (docs/reference/engine.md#invisibility): tmux reports it as `#{client_termname}`. */
export const ENGINE_CLIENT_TERM = 'tmux-mcp-engine';

export type PaneScope = { all: true } | { sessionId: string } | { windowId: string };

const uniq = (a: readonly string[], b: readonly string[] = []) => [...new Set([...a, ...b])];

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

  async panes(engine: TmuxEngine, scope: PaneScope, extra: readonly string[] = []): Promise<Row[]> {
    const { fields, format } = fieldsAndFormat(PANE_FIELDS, extra);
    const s = 'all' in scope ? ['-a'] : 'sessionId' in scope ? ['-s', '-t', scope.sessionId] : ['-t', scope.windowId];
    return this.list(engine, ['list-panes', ...s, '-F', format], fields);
  }

  /**
   * Attached clients per session id, without engine clients
   * (docs/reference/engine.md#invisibility): `session_attached` as the user would count it.
   */
  async attachedCounts(engine: TmuxEngine): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    let lines: string[];
    try {
      lines = await engine.run(['list-clients', '-F', `#{client_termname}${SEP}#{session_id}`]);
    } catch (err) {
      if (err instanceof TmuxNoServer) return counts;
      throw err;
    }
    for (const line of lines) {
      const [term, sid] = line.split(SEP);
      if (term === ENGINE_CLIENT_TERM || !sid) continue;
      counts.set(sid, (counts.get(sid) ?? 0) + 1);
    }
    return counts;
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
