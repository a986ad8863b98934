import { injectable } from 'tsyringe';
import { PANE_CONTENT_MATCH_FIELDS, type PaneContentMatch } from '../models/pane-content-match.model';
import type { SearchPanesResult } from '../models/search-panes-result.model';
import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { PaneNotFound } from '../tmux/tmux-errors';
import { CallerIdentityService } from './caller-identity.service';
import { trimTrailingEmpty } from './capture-limits';
import { CaptureService, type CaptureRange } from './capture.service';
import { HierarchyService } from './hierarchy.service';
import { PatternMatcher } from './pattern-matcher.service';
import type { CallerPattern } from './search-pattern';
import { prefilterFormat, searchPrefilter } from './search-prefilter';
import { TargetResolver } from './target-resolver.service';
import { modelReader, Row, tmuxVariables } from './tmux-formats';

export interface SearchQuery {
  matcher: CallerPattern;
  sessionName: string | null;
  sessionId: string | null;
  contentStart: number | null;
  contentEnd: number | null;
  maxLinesPerPane: number;
  limit: number | null;
  offset: number;
}

/**
 * On a control client captures are pipelined, a few at a time (eight in flight kept a 200-pane
 * search fastest). On subprocesses they go out in batches (docs/reference/engine.md#command-batches),
 * one tmux process per batch; a range into the history can be long, so its batches are smaller.
 * Two batches run at a time.
 */
const PIPELINED = 8;
const BATCH_VISIBLE = 50;
const BATCH_HISTORY = 16;
const BATCHES_AT_ONCE = 2;

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

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The tmux variables of a match (models/pane-content-match.model.ts): the pane listing reads
 * those PaneInfo has not (its window's and session's names) besides its own.
 */
const SEARCH_FIELDS = tmuxVariables(PANE_CONTENT_MATCH_FIELDS);
const matchOf = modelReader(PANE_CONTENT_MATCH_FIELDS);

/**
 * search_panes (docs/reference/tools.md#search_panes). tmux's own pane search (`#{C:…}`) first
 * rules out the panes that certainly cannot match (docs/reference/tools.md#search-prefilter:
 * needles from the pattern that every match holds whole in one visible row, nothing of the
 * caller's text that tmux could read as syntax); every pane left is captured with `-J` and
 * matched with the caller's pattern here, so tmux's row-by-row glob search never decides a
 * match, only a certain miss.
 */
@injectable()
export class SearchPanesService {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly capture: CaptureService,
    private readonly callers: CallerIdentityService,
    private readonly patterns: PatternMatcher,
  ) {}

  async search(engine: TmuxEngine, q: SearchQuery, signal?: AbortSignal): Promise<SearchPanesResult> {
    const pre = searchPrefilter(q.matcher, q.contentStart, q.contentEnd);
    const filter = pre ? prefilterFormat(pre) : undefined;
    let panes: Row[];
    if (q.sessionId !== null || q.sessionName !== null) {
      const s = await this.resolver.session(engine, { session_id: q.sessionId, session_name: q.sessionName });
      panes = await this.hierarchy.panes(engine, { sessionId: s.session_id }, SEARCH_FIELDS, filter);
    } else {
      panes = await this.hierarchy.panes(engine, { all: true }, SEARCH_FIELDS, filter);
    }
    // A window linked into several sessions is listed once per link: search each pane once.
    const seen = new Set<string>();
    panes = panes.filter((p) => !seen.has(p.pane_id) && seen.add(p.pane_id));

    const range: CaptureRange = { join: true, start: q.contentStart, end: q.contentEnd };
    const history = (q.contentStart ?? 0) < 0 || (q.contentEnd ?? 0) < 0;
    const captured = await this.captureAll(engine, panes, range, history ? BATCH_HISTORY : BATCH_VISIBLE);

    // Every captured line is matched in one job of the pattern matcher (its budget, its worker):
    // one list of texts, each pane's lines a slice of it.
    const texts: string[] = [];
    const starts = captured.map((lines) => {
      const at = texts.length;
      if (lines) for (const l of lines) texts.push(l);
      return at;
    });
    const [hitIdx] = await this.patterns.match([{ pattern: q.matcher, texts }], { signal });
    const byPane: number[][] = panes.map(() => []);
    let k = 0;
    for (const i of hitIdx) {
      while (k + 1 < starts.length && starts[k + 1] <= i) k++;
      byPane[k].push(i);
    }

    let capped = false;
    const hits = panes.map((p, i) => {
      if (captured[i] === null) return null; // closed since the listing: nothing to match
      let matched = byPane[i].map((j) => texts[j]);
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

  /**
   * Each pane's captured lines (null: the pane closed meanwhile). tmux stops a
   * command list at its first failing command, so a batch that meets a closed pane is captured
   * again pane by pane, where a closed pane is skipped alone.
   */
  private async captureAll(engine: TmuxEngine, panes: Row[], range: CaptureRange, size: number): Promise<(string[] | null)[]> {
    const one = async (id: string): Promise<string[] | null> => {
      try {
        return await this.capture.rows(engine, id, range);
      } catch (err) {
        if (err instanceof PaneNotFound) return null;
        throw err;
      }
    };
    // `mode` says what served the engine's last call: a control engine that fell back to
    // subprocesses batches too.
    if (engine.mode === 'control') return mapLimited(panes, PIPELINED, (p) => one(p.pane_id));
    const batches = await mapLimited(chunks(panes, size), BATCHES_AT_ONCE, async (batch) => {
      const ids = batch.map((p) => p.pane_id);
      try {
        const outs = await runList(
          engine,
          ids.map((id) => this.capture.argv(id, range)),
        );
        // One answer per command, or the batch is read again pane by pane.
        if (outs.length === ids.length) return outs.map((lines) => trimTrailingEmpty(lines));
      } catch (err) {
        if (!(err instanceof Error) || !/can't find pane/.test(err.message)) throw err;
      }
      return mapLimited(ids, BATCHES_AT_ONCE, one);
    });
    return batches.flat();
  }
}

function toMatch(row: Row, matched: string[], isCaller: (id: string) => boolean | null): PaneContentMatch {
  return matchOf(row, { matched_lines: matched, is_caller: isCaller(row.pane_id) });
}
