import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import type { WaitForTextResult, WaitOutcome } from '../models/wait-for-text-result.model';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { CaptureService } from './capture.service';
import { paneLastLine } from './pane-progress';
import { limitLines } from './capture-limits';
import { inTrimRiskBand, PaneState, PaneStateService } from './pane-state.service';
import { TargetArgs, TargetResolver } from './target-resolver.service';
import { TmuxTimeout } from '../tmux/tmux-errors';
import { WaitBoundedEngine, WaitCancelled } from './wait-bounded-engine';
import { WaitWakeup } from './wait-wakeup';

export interface WaitSpec {
  /** Success patterns; null = any new output. */
  patterns: RegExp[] | null;
  stop: RegExp[];
  /** Seconds: timeout clamped to the server ceiling. */
  effectiveTimeout: number;
  /** Poll pacing for engines without pane events (docs/reference/engine.md#waits-without-events). */
  intervalMs: number;
  target: TargetArgs;
}

/** Heartbeat: a quiet pane still gets the state checks of a tick once a second (docs/reference/engine.md#waits-without-events). */
const HEARTBEAT_MS = 1000;
/**
 * Progress at least once a second (docs/reference/protocol.md#progress), sent on its own beat: a
 * progress sent by the 1 s heartbeat lands a few ms late every time (timer lag plus the tick before
 * it), so gaps passed one second. Half a second keeps the margin run_command and wait_for_channel
 * use.
 */
const PROGRESS_MS = 500;
/**
 * Under an output flood events arrive back to back: re-captures are spaced by this much so a
 * busy pane costs at most ~100 captures a second, while a lone event still wakes at once.
 */
const EVENT_GAP_MS = 10;
const TAIL_LINES = 20;
const TAIL_BYTES = 2000;

const firstHit = (list: RegExp[], lines: string[]): [number, string[]] | null => {
  for (let i = 0; i < list.length; i++) {
    const hits = lines.filter((l) => list[i].test(l));
    if (hits.length) return [i, hits];
  }
  return null;
};

/**
 * wait_for_text (docs/reference/tools.md#wait_for_text, docs/reference/engine.md#events-and-waits).
 * The pane is re-captured on each output event (or every `interval` on an engine without events)
 * and on a once-a-second heartbeat; matching is always done on a fresh capture, on rows written
 * after entry.
 */
@injectable()
export class WaitForTextService {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly states: PaneStateService,
    private readonly capture: CaptureService,
  ) {}

  async run(engine: TmuxEngine, spec: WaitSpec, ctx: ToolCallContext): Promise<WaitForTextResult> {
    // The clock starts before pane resolution: that reaches tmux too.
    const t0 = performance.now();
    const deadline = t0 + spec.effectiveTimeout * 1000;
    const elapsed = () => (performance.now() - t0) / 1000;
    const tmux = new WaitBoundedEngine(engine, deadline, ctx.signal);
    const wake = new WaitWakeup(ctx.signal);
    let unsubscribe: () => void = () => undefined;
    const notify = (msg: string) => ctx.notify('warning', msg).catch(() => undefined);
    try {
      const paneId = (await this.resolver.pane(tmux, spec.target)).pane_id;
      // Subscribe before the entry snapshot: output printed after it always wakes us.
      unsubscribe = engine.onPaneEvent(paneId, () => wake.poke());
      const entry = await this.states.read(tmux, paneId);
      const anchor = entry.history_size + entry.cursor_y;
      const limit = await this.states.historyLimit(tmux, paneId);
      const entrySet = new Set(await this.capture.rows(tmux, paneId, { join: true, start: entry.cursor_y }));
      const visible = await this.capture.rows(tmux, paneId, { join: true, start: 0 });
      const staleAtEntry = spec.patterns !== null && firstHit(spec.patterns, visible) !== null;

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

      const tick = async (): Promise<void> => {
        const s = await checkState();
        const start = anchor - s.history_size;
        const rows = start >= s.pane_height ? [] : await this.capture.rows(tmux, paneId, { join: true, start });
        lastRows = rows;
        const fresh = rows.filter((r) => !entrySet.has(r));
        if (fresh.length) sawNew = true;
        // A full-screen program repaints the grid: its paint is not output, so no matching.
        if (s.alternate_on) return;
        const stopHit = firstHit(spec.stop, fresh);
        const hit = stopHit ?? (spec.patterns ? firstHit(spec.patterns, fresh) : null);
        if (hit) {
          outcome = stopHit ? 'stopped' : 'matched';
          [matchedIndex, matched] = hit;
        } else if (spec.patterns === null && fresh.length) {
          outcome = 'any_output';
          matched = fresh;
        }
      };

      // The message is the pane's last non-blank line (docs/reference/protocol.md#progress): a
      // capture of its own, made only when the client asked for progress.
      const progress = async () => {
        if (ctx.progress.enabled) await ctx.progress.report(elapsed(), spec.effectiveTimeout, await paneLastLine(tmux, paneId));
      };

      await progress();
      let lastProgress = performance.now();
      let lastBeat = performance.now();
      let lastTick = performance.now();
      // Spacing applies between event-driven captures only: the first event after the entry
      // capture (or after a quiet spell) is re-checked at once. Measuring the gap from the entry
      // capture held a lone event printed just after entry for up to EVENT_GAP_MS (bench 4b).
      let lastWasEvent = false;
      // A look that tmux answered too slowly to finish before the wait's own deadline (a busy
      // machine) ends the wait as a timeout, not as an error (docs/reference/configuration.md#command-deadline).
      const look = async (): Promise<boolean> => {
        try {
          await tick();
          return true;
        } catch (err) {
          if (err instanceof TmuxTimeout && performance.now() >= deadline) return false;
          throw err;
        }
      };
      if (await look())
        while (outcome === null) {
          const now = performance.now();
          if (now >= deadline) break;
          const nextPoll = engine.hasEvents ? Infinity : lastTick + spec.intervalMs;
          const nextBeat = lastBeat + HEARTBEAT_MS;
          const nextProgress = ctx.progress.enabled ? lastProgress + PROGRESS_MS : Infinity;
          const why = await wake.sleep(Math.min(nextPoll, nextBeat, nextProgress, deadline) - now);
          if (ctx.signal.aborted) throw new WaitCancelled();
          if (performance.now() - lastProgress >= PROGRESS_MS) {
            lastProgress = performance.now();
            await progress();
          }
          // Woken only for progress (or a timer a hair early): no check yet.
          const woke = performance.now();
          if (why === 'timer' && woke < nextPoll && woke < nextBeat && woke < deadline) continue;
          const gap = Math.min(lastTick + EVENT_GAP_MS, deadline) - performance.now();
          if (engine.hasEvents && lastWasEvent && gap > 0) await wake.pause(gap);
          lastWasEvent = why === 'event';
          if (ctx.signal.aborted) throw new WaitCancelled();
          if (performance.now() >= nextBeat) lastBeat = performance.now();
          lastTick = performance.now();
          if (!(await look())) break;
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
        elapsed_seconds: Math.round(elapsed() * 1000) / 1000,
        effective_timeout: spec.effectiveTimeout,
      };
    } catch (err) {
      if (ctx.signal.aborted && !(err instanceof WaitCancelled)) throw new WaitCancelled();
      throw err;
    } finally {
      unsubscribe();
      wake.dispose();
      tmux.dispose();
    }
  }
}
