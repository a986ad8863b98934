import { injectable } from 'tsyringe';
import type { PaneContentMatch } from '../models/pane-content-match.model';
import type { SearchPanesResult } from '../models/search-panes-result.model';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { PaneNotFound } from '../tmux/tmux-errors';
import { CallerIdentityService } from './caller-identity.service';
import { CaptureService } from './capture.service';
import { HierarchyService } from './hierarchy.service';
import { TargetResolver } from './target-resolver.service';
import { Row, toFlag, toInt, toStr } from './tmux-formats';

export interface SearchQuery {
  matcher: RegExp;
  sessionName: string | null;
  sessionId: string | null;
  contentStart: number | null;
  contentEnd: number | null;
  maxLinesPerPane: number;
  limit: number | null;
  offset: number;
}

/** Captures run a few at a time: pipelined on the control engine, bounded on the subprocess one. */
const CONCURRENCY = 8;

/** `%2` before `%10`; odd ids after numeric ones, in text order (docs/reference/tools.md#search_panes). */
function paneOrder(a: string, b: string): number {
  const na = /^%\d+$/.test(a) ? Number(a.slice(1)) : NaN;
  const nb = /^%\d+$/.test(b) ? Number(b.slice(1)) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

async function mapLimited<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/**
 * search_panes (docs/reference/tools.md#search_panes). There is deliberately no `#{C/i:…}` pre-filter: tmux's
 * window_pane_search checks each physical row with fnmatch (glob characters, ASCII-only case
 * folding, trailing spaces trimmed, wrapped lines not joined), so it misses text our `-J`
 * capture finds, and user text would have to enter a tmux format. Every candidate pane is
 * captured and matched with the caller's pattern here: no false negatives, nothing injected.
 */

/** Pane rows carry the PaneInfo fields; a match also names its window and session. */
const SEARCH_FIELDS = ['window_name', 'session_name'];
@injectable()
export class SearchPanesService {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly capture: CaptureService,
    private readonly callers: CallerIdentityService,
  ) {}

  async search(engine: TmuxEngine, q: SearchQuery): Promise<SearchPanesResult> {
    let panes: Row[];
    if (q.sessionId !== null || q.sessionName !== null) {
      const s = await this.resolver.session(engine, { session_id: q.sessionId, session_name: q.sessionName });
      panes = await this.hierarchy.panes(engine, { sessionId: s.session_id }, SEARCH_FIELDS);
    } else {
      panes = await this.hierarchy.panes(engine, { all: true }, SEARCH_FIELDS);
    }
    // A window linked into several sessions is listed once per link: search each pane once.
    const seen = new Set<string>();
    panes = panes.filter((p) => !seen.has(p.pane_id) && seen.add(p.pane_id));

    let capped = false;
    const hits = await mapLimited(panes, CONCURRENCY, async (p) => {
      let lines: string[];
      try {
        lines = await this.capture.rows(engine, p.pane_id, { join: true, start: q.contentStart, end: q.contentEnd });
      } catch (err) {
        if (err instanceof PaneNotFound) return null; // closed since the listing: nothing to match
        throw err;
      }
      let matched = lines.filter((l) => q.matcher.test(l));
      if (!matched.length) return null;
      if (matched.length > q.maxLinesPerPane) {
        matched = matched.slice(matched.length - q.maxLinesPerPane);
        capped = true;
      }
      return { row: p, matched };
    });

    const isCaller = await this.callers.isCallerFn(engine);
    const all: PaneContentMatch[] = hits
      .filter((h): h is { row: Row; matched: string[] } => h !== null)
      .map(({ row, matched }) => toMatch(row, matched, isCaller))
      .sort((a, b) => paneOrder(a.pane_id, b.pane_id));

    const end = q.limit === null ? all.length : q.offset + q.limit;
    const page = all.slice(q.offset, end);
    const after = all.slice(Math.max(q.offset, end)).map((m) => m.pane_id);
    return {
      matches: page,
      truncated: capped || after.length > 0,
      truncated_panes: after,
      total_panes_matched: all.length,
      offset: q.offset,
      limit: q.limit,
    };
  }
}

function toMatch(row: Row, matched: string[], isCaller: (id: string) => boolean | null): PaneContentMatch {
  return {
    pane_id: row.pane_id,
    pane_left: toInt(row.pane_left),
    pane_top: toInt(row.pane_top),
    pane_right: toInt(row.pane_right),
    pane_bottom: toInt(row.pane_bottom),
    pane_at_left: toFlag(row.pane_at_left),
    pane_at_right: toFlag(row.pane_at_right),
    pane_at_top: toFlag(row.pane_at_top),
    pane_at_bottom: toFlag(row.pane_at_bottom),
    pane_tty: toStr(row.pane_tty),
    pane_current_command: toStr(row.pane_current_command),
    pane_current_path: toStr(row.pane_current_path),
    window_id: toStr(row.window_id),
    window_name: toStr(row.window_name),
    session_id: toStr(row.session_id),
    session_name: toStr(row.session_name),
    matched_lines: matched,
    is_caller: isCaller(row.pane_id),
  };
}
