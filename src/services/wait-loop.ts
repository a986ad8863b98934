import type { ToolCallContext } from '../framework/pipeline/call-context';
import type { PaneEvent, TmuxEngine } from '../tmux/tmux-engine';
import { TmuxTimeout } from '../tmux/tmux-errors';
import { type ProgressMessage, round3, secondsSince, startHeartbeat } from './progress-heartbeat';
import { WaitBoundedEngine, WaitCancelled } from './wait-bounded-engine';
import { WaitWakeup } from './wait-wakeup';

/** A quiet wait still checks once a second (docs/reference/engine.md#waits-without-events). */
const BEAT_MS = 1000;
/**
 * Under an output flood events arrive back to back: checks they wake are spaced by this much, so
 * a busy pane costs at most ~100 checks a second, while a lone event still wakes at once.
 */
const EVENT_GAP_MS = 10;

/** Why the loop runs a check. All false for the first check and for one at the deadline or at `dueAt`. */
export interface Wake {
  /** A pane event (or the wait's own `poke`) came. */
  readonly event: boolean;
  /**
   * The poll interval passed on an engine without pane events: look at the pane. A poll stands in
   * for the heartbeat, so a poll must check what a beat checks.
   */
  readonly poll: boolean;
  /** A second passed without a poll or a beat. */
  readonly beat: boolean;
}

/** What a wait plugs into {@link WaitLoop.until} besides its check. */
export interface WaitPace {
  /** What its progress notifications say (docs/reference/protocol.md#progress). */
  progress?: ProgressMessage;
  /** How often a watched pane is looked at when the engine has no pane events (ms). */
  pollMs?: number;
  /** A moment (performance.now() ms) the wait wants a check at, besides events, polls and beats. */
  dueAt?: () => number;
}

export interface WaitLoopOptions {
  /** Seconds: the effective timeout. */
  timeout: number;
  /** The tool that waits, for `<tool> was cancelled`. */
  tool: string;
  /** The request: its cancellation and its progress reporter. */
  call: Pick<ToolCallContext, 'signal' | 'progress'>;
  /** What a cancelled wait throws; `<tool> was cancelled` unless given. */
  cancelled?: () => Error;
}

const FIRST: Wake = { event: false, poll: false, beat: false };

/** When the loop last did what (performance.now() ms). */
interface Clock {
  lastBeat: number;
  lastPoll: number;
  lastCheck: number;
  /** The last check was woken by an event. */
  lastWasEvent: boolean;
}

/**
 * The one wait loop of wait_for_text, wait_for_idle and wait_for_channel
 * (docs/reference/engine.md#events-and-waits). It owns what they share: the deadline (the clock
 * starts with the call, before pane resolution), the tmux calls bounded by it
 * ({@link WaitBoundedEngine}), the wake-ups (pane events where the engine has them, polling
 * otherwise, a heartbeat once a second, the deadline), progress notifications, cancellation and
 * the connection's loss (docs/reference/engine.md#connection-loss), and the rule that a last look
 * tmux answers too late for the deadline ends the wait as a timeout, not as an error
 * (docs/reference/configuration.md#command-deadline). A wait supplies its check and its progress
 * message:
 *
 *   WaitLoop.run(engine, options, async (loop) => {
 *     loop.watchPane(paneId, onEvent);            // before the entry snapshot
 *     …entry snapshot through loop.tmux…
 *     const done = await loop.until(check, { progress, pollMs });   // false: timed out
 *     …result…
 *   });
 */
export class WaitLoop {
  /** performance.now() when the wait began. */
  readonly t0 = performance.now();
  /** performance.now() deadline in ms. */
  readonly deadline: number;
  /** The engine for the wait's tmux calls: bounded by the deadline, the cancellation and the connection. */
  readonly tmux: WaitBoundedEngine;
  /** Aborted when the wait ends or is cancelled: for what the wait starts itself (a blocking `wait-for`). */
  readonly signal: AbortSignal;
  private readonly ended = new AbortController();
  private readonly wakeup: WaitWakeup;
  private readonly unsubscribes: (() => void)[] = [];
  /** A pane is watched on an engine without pane events. */
  private polling = false;

  private constructor(
    private readonly engine: TmuxEngine,
    private readonly opts: WaitLoopOptions,
  ) {
    this.deadline = this.t0 + opts.timeout * 1000;
    this.wakeup = new WaitWakeup(opts.call.signal);
    this.tmux = new WaitBoundedEngine(engine, this.deadline, opts.call.signal, opts.tool, this.wakeup.poke);
    this.signal = AbortSignal.any([opts.call.signal, this.ended.signal]);
  }

  /** Runs one wait; everything the loop set up ends with it. A cancelled wait throws the cancellation. */
  static async run<R>(engine: TmuxEngine, opts: WaitLoopOptions, body: (loop: WaitLoop) => Promise<R>): Promise<R> {
    const loop = new WaitLoop(engine, opts);
    try {
      return await body(loop);
    } catch (err) {
      if (opts.call.signal.aborted) throw loop.cancelled();
      throw err;
    } finally {
      loop.ended.abort();
      for (const off of loop.unsubscribes) off();
      loop.wakeup.dispose();
      loop.tmux.dispose();
    }
  }

  /** Seconds since the wait began, rounded to the millisecond. */
  elapsed(): number {
    return round3(secondsSince(this.t0));
  }

  /**
   * Wakes the loop on the pane's events (`onEvent` hears them first), or, on an engine without
   * them, makes `until` poll. Call it before the entry snapshot: output after it always wakes.
   */
  watchPane(paneId: string, onEvent?: (ev: PaneEvent) => void): void {
    this.polling = !this.engine.hasEvents;
    this.unsubscribes.push(
      this.engine.onPaneEvent(paneId, (ev) => {
        onEvent?.(ev);
        this.wakeup.poke();
      }),
    );
  }

  /** Wakes the loop for an event of the wait's own (its blocking child exited). */
  readonly poke = (): void => this.wakeup.poke();

  /**
   * Runs `check` at once and then on every wake-up until it says done (true) or the deadline
   * passes (false), sending progress meanwhile. Throws on cancellation and on the connection's loss.
   */
  async until(check: (wake: Wake) => Promise<boolean>, pace: WaitPace = {}): Promise<boolean> {
    const stopProgress = startHeartbeat(this.opts.call.progress, this.t0, this.opts.timeout, pace.progress);
    try {
      const now = performance.now();
      const clock: Clock = { lastBeat: now, lastPoll: now, lastCheck: now, lastWasEvent: false };
      for (let wake: Wake | null = FIRST; wake; wake = await this.next(clock, pace)) {
        try {
          if (await check(wake)) return true;
        } catch (err) {
          // A look tmux answered too slowly to finish before the deadline (a busy machine).
          if (err instanceof TmuxTimeout && performance.now() >= this.deadline) return false;
          throw err;
        }
      }
      return false;
    } finally {
      stopProgress();
    }
  }

  /** Sleeps until the next check is due and says why; null once the deadline has passed. */
  private async next(clock: Clock, pace: WaitPace): Promise<Wake | null> {
    for (;;) {
      const now = performance.now();
      if (now >= this.deadline) return null;
      const nextPoll = this.polling ? clock.lastPoll + (pace.pollMs ?? Infinity) : Infinity;
      const nextBeat = Math.max(clock.lastBeat, clock.lastPoll) + BEAT_MS;
      const due = pace.dueAt?.() ?? Infinity;
      const why = await this.wakeup.sleep(Math.min(nextPoll, nextBeat, due, this.deadline) - now);
      this.throwIfOver();
      const woke = performance.now();
      const event = why === 'event';
      // A timer a hair early: nothing is due yet.
      if (!event && woke < nextPoll && woke < nextBeat && woke < due && woke < this.deadline) continue;
      // Spacing applies between event-driven checks only: the first event after the entry
      // snapshot (or after a quiet spell) is checked at once. Measuring the gap from the entry
      // snapshot held a lone event printed just after it for up to EVENT_GAP_MS (bench 4b).
      const gap = Math.min(clock.lastCheck + EVENT_GAP_MS, this.deadline) - woke;
      if (clock.lastWasEvent && gap > 0) {
        await this.wakeup.pause(gap);
        this.throwIfOver();
      }
      clock.lastWasEvent = event;
      const at = performance.now();
      const poll = at >= nextPoll;
      const beat = !poll && at >= nextBeat;
      if (poll) clock.lastPoll = at;
      if (beat) clock.lastBeat = at;
      clock.lastCheck = at;
      return { event, poll, beat };
    }
  }

  private cancelled(): Error {
    return this.opts.cancelled?.() ?? new WaitCancelled(this.opts.tool);
  }

  private throwIfOver(): void {
    if (this.opts.call.signal.aborted) throw this.cancelled();
    const lost = this.tmux.lost();
    if (lost) throw lost;
  }
}
