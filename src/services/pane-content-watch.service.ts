import { createHash } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import type { Logger } from 'winston';
import { LOGGER_FACTORY } from '../framework/tokens';
import { serverKeyId, type PaneEvent, type TmuxEngine } from '../tmux/tmux-engine';
import { HostConnectionLost, TmuxNoServer } from '../tmux/tmux-errors';

/**
 * A watched pane is captured at most this often, so it notifies at most this often while output
 * keeps coming (docs/reference/resources-and-prompts.md#pane-content-updates).
 */
export const PANE_WATCH_GAP_MS = 500;
/** Without pane events (the subprocess engine) a watched pane is looked at once a second. */
export const PANE_WATCH_POLL_MS = 1000;
/** A capture that failed for another reason is tried again later and later, up to this. */
const RETRY_MAX_MS = 30_000;

/** tmux's answers for a pane that no longer exists (killed, or its server gone). */
const gone = (err: unknown) =>
  err instanceof TmuxNoServer || (err instanceof Error && /can't find pane|no server running|server exited/.test(err.message));

const digest = (text: string) => createHash('sha1').update(text).digest('base64');

/**
 * The pane-content watchers of one server (docs/reference/resources-and-prompts.md#pane-content-updates):
 * one watch per pane however many subscriptions name it, kept only while someone listens. Held by
 * the pane-content resource, itself a per-server singleton.
 */
@injectable()
export class PaneContentWatchService {
  private readonly watches = new Map<string, PaneWatch>();
  private readonly log: Logger;

  constructor(@inject(LOGGER_FACTORY) loggers: (name: string) => Logger) {
    this.log = loggers('tmux_mcp.subscriptions');
  }

  /** Panes watched right now (for logs and tests). */
  get watching(): number {
    return this.watches.size;
  }

  /**
   * Calls `changed` each time the visible content of `paneId` (a pane id tmux gave) changes.
   * Resolves with the function that stops it once the first capture is taken; rejects with that
   * capture's error (tmux's "can't find pane" for a pane that is gone).
   */
  async watch(engine: TmuxEngine, paneId: string, changed: () => void): Promise<() => void> {
    const key = `${serverKeyId(engine.key)} ${paneId}`;
    let w = this.watches.get(key);
    if (!w || w.engine !== engine) {
      const created = new PaneWatch(engine, paneId, this.log, () => {
        if (this.watches.get(key) === created) this.watches.delete(key);
      });
      this.watches.set(key, created);
      w = created;
    }
    // A closure of its own: the same `changed` given twice is two listeners.
    return w.add(() => changed());
  }
}

/**
 * One watched pane. Pane events (or, without them, a poll) only mark it dirty; a check captures
 * the screen and compares it with what was last notified. Checks start at least
 * PANE_WATCH_GAP_MS apart and a dirty mark always gets one, so a burst of output notifies on its
 * first change, at most every 500 ms while it lasts, and once after its last change.
 */
class PaneWatch {
  private readonly listeners = new Set<() => void>();
  private started: Promise<void> | null = null;
  /** Digest of the content last notified (the first capture's until then). */
  private last = '';
  private lastCheck = -Infinity;
  private dirty = false;
  private checking = false;
  private failures = 0;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private poll?: NodeJS.Timeout;
  private off?: () => void;

  constructor(
    readonly engine: TmuxEngine,
    private readonly paneId: string,
    private readonly log: Logger,
    private readonly onStop: () => void,
  ) {}

  async add(listener: () => void): Promise<() => void> {
    this.listeners.add(listener);
    try {
      await (this.started ??= this.start());
    } catch (err) {
      this.listeners.delete(listener);
      throw err;
    }
    if (this.stopped) return () => undefined; // the pane went away meanwhile: nothing to stop
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Events first, then the first capture: output printed after it always wakes a check. */
  private async start(): Promise<void> {
    this.off = this.engine.onPaneEvent(this.paneId, (ev) => this.onEvent(ev));
    if (!this.engine.hasEvents) {
      this.poll = setInterval(() => this.wake(), PANE_WATCH_POLL_MS);
      this.poll.unref();
    }
    this.checking = true;
    this.lastCheck = performance.now();
    try {
      this.last = digest(await this.capture());
    } catch (err) {
      this.stop();
      throw err;
    } finally {
      this.checking = false;
    }
    if (this.dirty) this.schedule();
  }

  private onEvent(ev: PaneEvent): void {
    if (this.stopped) return;
    if (ev.kind === 'lost') {
      // The host's connection dropped: this watch ends (docs/reference/resources-and-prompts.md#pane-content-updates).
      this.log.warn(`stopped watching pane ${this.paneId}: ${ev.error?.message ?? 'the connection to the host was lost'}`);
      this.stop();
      return;
    }
    // output, exited, respawned, closed: look again (closed may only mean the event source changed).
    this.wake();
  }

  private wake(): void {
    this.dirty = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.checking) return;
    const gap = this.failures ? Math.min(PANE_WATCH_POLL_MS * 2 ** (this.failures - 1), RETRY_MAX_MS) : PANE_WATCH_GAP_MS;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.check();
      },
      Math.max(0, this.lastCheck + gap - performance.now()),
    );
    this.timer.unref();
  }

  private async check(): Promise<void> {
    if (this.stopped) return;
    this.dirty = false;
    this.checking = true;
    this.lastCheck = performance.now();
    let text: string;
    try {
      text = await this.capture();
    } catch (err) {
      this.checking = false;
      this.failed(err);
      return;
    }
    this.checking = false;
    this.failures = 0;
    if (this.stopped) return;
    const d = digest(text);
    if (d !== this.last) {
      this.last = d;
      this.notify();
    }
    if (this.dirty) this.schedule();
  }

  private failed(err: unknown): void {
    if (this.stopped) return;
    const msg = err instanceof Error ? err.message : String(err);
    if (gone(err)) {
      // Its last change: readers now get "Pane not found". The subscription stays, inert.
      this.log.debug(`pane ${this.paneId} is gone: watching stopped`);
      this.notify();
      this.stop();
    } else if (err instanceof HostConnectionLost) {
      this.log.warn(`stopped watching pane ${this.paneId}: ${msg}`);
      this.stop();
    } else {
      this.failures++;
      this.log.debug(`watching pane ${this.paneId}: capture failed (${msg}); trying again`);
      this.wake();
    }
  }

  /** The visible screen as a read shows it: trailing empty lines dropped. */
  private async capture(): Promise<string> {
    const lines = await this.engine.run(['capture-pane', '-p', '-t', this.paneId]);
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines.join('\n');
  }

  private notify(): void {
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch (err) {
        this.log.warn(`a pane-content listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  /** Ends the watch: the engine's pane-event listener and the timers go. */
  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.off?.();
    this.off = undefined;
    clearTimeout(this.timer);
    clearInterval(this.poll);
    this.onStop();
  }
}
