import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import type { WaitForTextResult, WaitOutcome } from '../models/wait-for-text-result.model';
import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { CaptureService } from './capture.service';
import { paneLastLine } from './pane-progress';
import { PatternMatcher } from './pattern-matcher.service';
import type { CallerPattern } from './search-pattern';
import { limitLines } from './capture-limits';
import { historyLimitArgv, inTrimRiskBand, PaneState, PaneStateService, parseHistoryLimit, rethrowPaneGone } from './pane-state.service';
import { readSnapshot, type ScreenSnapshot, snapshotCommands } from './screen-snapshot';
import { TargetArgs, TargetResolver } from './target-resolver.service';
import { TypedPanes, type TypedRecord } from './typed-panes.service';
import { WaitLoop } from './wait-loop';

export interface WaitSpec {
  /** Success patterns; null = any new output. */
  patterns: CallerPattern[] | null;
  stop: CallerPattern[];
  /** Seconds: timeout clamped to the server ceiling. */
  effectiveTimeout: number;
  /** Poll pacing for engines without pane events (docs/reference/engine.md#waits-without-events). */
  intervalMs: number;
  target: TargetArgs;
}

const TAIL_LINES = 20;
const TAIL_BYTES = 2000;

/**
 * The first list entry (stop patterns, then success patterns) that matches any of `lines`, and
 * its matching lines; run by the pattern matcher, within its budget (docs/reference/tools.md#pattern-budget).
 */
async function firstHit(
  matcher: PatternMatcher,
  lists: [stop: CallerPattern[], patterns: CallerPattern[]],
  lines: string[],
  signal: AbortSignal,
): Promise<[stopped: boolean, index: number, lines: string[]] | null> {
  const all = [...lists[0], ...lists[1]];
  if (!all.length || !lines.length) return null;
  const hits = await matcher.match(
    all.map((pattern) => ({ pattern, texts: lines })),
    { first: true, signal },
  );
  const i = hits.findIndex((h) => h.length > 0);
  if (i < 0) return null;
  const stopped = i < lists[0].length;
  return [stopped, stopped ? i : i - lists[0].length, hits[i].map((j) => lines[j])];
}

/**
 * wait_for_text (docs/reference/tools.md#wait_for_text, docs/reference/engine.md#events-and-waits):
 * its check runs in the wait loop (wait-loop.ts), again on each output event (or every `interval`
 * on an engine without events), on a once-a-second heartbeat and at the deadline.
 * Matching is always done on a fresh capture, on rows written after entry — or, for the first wait
 * after this server typed into the pane, after that typing began (TypedPanes).
 */
@injectable()
export class WaitForTextService {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly states: PaneStateService,
    private readonly capture: CaptureService,
    // The server's TypedPanes when injected; a service built by hand (a test's fake engine) gets its own.
    private readonly typed: TypedPanes = new TypedPanes(),
    private readonly patterns: PatternMatcher = new PatternMatcher({ commandTimeout: 30 }),
  ) {}

  async run(engine: TmuxEngine, spec: WaitSpec, ctx: ToolCallContext): Promise<WaitForTextResult> {
    const notify = (msg: string) => ctx.notify('warning', msg).catch(() => undefined);
    return WaitLoop.run(engine, { timeout: spec.effectiveTimeout, tool: 'wait_for_text', call: ctx }, async (loop) => {
      const tmux = loop.tmux;
      const paneId = (await this.resolver.pane(tmux, spec.target)).pane_id;
      loop.watchPane(paneId);
      // The entry snapshot is one look: state, history-limit and screen in one atomic command list.
      const [snap, limit] = await this.entrySnapshot(tmux, paneId);
      const entry = snap.state;
      const fromCursor = snap.fromCursor ?? (await this.capture.rows(tmux, paneId, { join: true, start: entry.cursor_y }));
      const typed = usable(this.typed.consume(tmux, paneId), entry);
      const unwatch = this.typed.watch(tmux, paneId);
      // After this server's typing, rows count from the look taken with it; else from entry.
      const anchor = typed ? typed.anchor : entry.history_size + entry.cursor_y;
      const entrySet = new Set(typed ? typed.rows : fromCursor);
      // On screen before the typing (and still on screen), or on screen at entry.
      const before = typed ? new Set(typed.visible) : null;
      const stale = before ? snap.visible.filter((r) => before.has(r)) : snap.visible;
      const staleAtEntry = spec.patterns !== null && (await firstHit(this.patterns, [[], spec.patterns], stale, loop.signal)) !== null;

      let outcome: WaitOutcome | null = null;
      let matchedIndex: number | null = null;
      let matched: string[] = [];
      let lastRows: string[] = [];
      let sawNew = false;
      let sawAlt = entry.alternate_on;
      let warnedTrim = false;

      const checkState = async (): Promise<PaneState> => {
        const s = await this.states.read(tmux, paneId);
        this.states.assertSameProcess(paneId, s, entry.pane_pid);
        if (s.alternate_on) sawAlt = true;
        // A shrink without the pane growing means rows were freed (clear-history, trim).
        if (s.history_size < entry.history_size && s.pane_height <= entry.pane_height)
          throw new ExpectedToolError(
            `pane ${paneId} history shrank below entry baseline (history_size ${entry.history_size} -> ${s.history_size}); baseline anchor lost — re-arm wait_for_text or use wait_for_channel for deterministic synchronization`,
          );
        if (!warnedTrim && limit > 0 && inTrimRiskBand(limit, s.history_size)) {
          warnedTrim = true;
          await notify(
            `pane ${paneId} is polling in the history-limit trim-risk band (history_size ${s.history_size} / history_limit ${limit}); wait_for_text correctness is best-effort here. For deterministic synchronization use wait_for_channel.`,
          );
        }
        return s;
      };

      // Every wake-up (event, poll, heartbeat, deadline) is one look: the state and a fresh capture.
      const tick = async (): Promise<boolean> => {
        const s = await checkState();
        const start = anchor - s.history_size;
        const rows = start >= s.pane_height ? [] : await this.capture.rows(tmux, paneId, { join: true, start });
        lastRows = rows;
        const fresh = rows.filter((r) => !entrySet.has(r));
        if (fresh.length) sawNew = true;
        // A full-screen program repaints the grid: its paint is not output, so no matching.
        if (s.alternate_on) return false;
        const hit = await firstHit(this.patterns, [spec.stop, spec.patterns ?? []], fresh, loop.signal);
        if (hit) {
          outcome = hit[0] ? 'stopped' : 'matched';
          [, matchedIndex, matched] = hit;
        } else if (spec.patterns === null && fresh.length) {
          outcome = 'any_output';
          matched = fresh;
        }
        return outcome !== null;
      };

      // The progress message is the pane's last non-blank line (docs/reference/protocol.md#progress).
      try {
        await loop.until(tick, { pollMs: spec.intervalMs, progress: (signal) => paneLastLine(tmux, paneId, { signal }) });
      } finally {
        unwatch();
      }

      const found = outcome === 'matched' || outcome === 'any_output';
      const final: WaitOutcome = outcome ?? (sawAlt ? 'alternate_screen' : 'timeout');
      if (!found) await notify(`No match in pane ${paneId} before ${spec.effectiveTimeout}s timeout`);
      return {
        found,
        outcome: final,
        matched_index: matchedIndex,
        matched_lines: limitLines(matched, TAIL_LINES, TAIL_BYTES).lines,
        tail: limitLines(lastRows, TAIL_LINES, TAIL_BYTES).lines,
        saw_new_output: sawNew,
        matched_at_entry: staleAtEntry && !found,
        alternate_screen: sawAlt,
        pane_id: paneId,
        elapsed_seconds: loop.elapsed(),
        effective_timeout: spec.effectiveTimeout,
      };
    });
  }

  /** State, history-limit and screen in one atomic command list (docs/reference/engine.md#screen-snapshots). */
  private async entrySnapshot(tmux: TmuxEngine, paneId: string): Promise<[ScreenSnapshot, number]> {
    const look = snapshotCommands(paneId);
    let out: string[][];
    try {
      out = await runList(tmux, [...look, historyLimitArgv(paneId)], { atomic: true });
    } catch (err) {
      return rethrowPaneGone(err, paneId);
    }
    return [readSnapshot(paneId, out), parseHistoryLimit(out[look.length] ?? [])];
  }
}

/**
 * The typing's look counts only for the same process, and only while the grid rows it anchors
 * still exist: a history that shrank (without the pane growing, as the wait's own check says)
 * lost them (docs/reference/tools.md#wait_for_text).
 */
function usable(record: TypedRecord | null, entry: PaneState): TypedRecord | null {
  if (!record || record.pane_pid !== entry.pane_pid) return null;
  if (entry.history_size < record.history_size && entry.pane_height <= record.pane_height) return null;
  return record;
}
