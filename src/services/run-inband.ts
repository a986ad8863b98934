import type { TmuxEngine } from '../tmux/tmux-engine';
import type { RunIds } from './run-command-wrapper';

/**
 * A run followed in band (docs/reference/engine.md#in-band-run-end): on an engine that sees the
 * pane's output bytes (the control engine's `%output`), the server itself counts the lines the
 * command printed between the run's two markers, and sees the end marker go by, instead of a
 * borrowed pipe (sh, awk and a tmux client per run) and a `tmux wait-for` child per run.
 *
 * The count is the borrowed pipe's, byte for byte (docs/reference/engine.md#run-line-count): the
 * line holding the first marker ends with the marker's own newline and the next starts with the
 * marker's ESC \ (not output); then each newline ends a line, and the text before the second
 * marker counts as a last line unless it is empty or ends in a carriage return.
 */
export class InBandRun {
  /** Lines the command printed; undefined until the end marker went by; null when bytes were missed. */
  printed: number | null | undefined = undefined;
  private readonly marker: string;
  private phase: 'before' | 'markerLine' | 'markerEnd' | 'counting' | 'done' = 'before';
  private pending = '';
  private skip = 2;
  private lines = 0;
  /** The current line (since the last newline) as far as it matters: empty, and its last character. */
  private lineEmpty = true;
  private lastChar = '';
  private lost = false;
  private readonly ended = new Set<() => void>();
  private handle: { readonly ready: Promise<boolean>; off(): void } | null = null;

  constructor(ids: RunIds) {
    this.marker = `\x1bP${ids.id}`;
  }

  /**
   * Taps the engine's output of the pane; null when the engine cannot, or the tap is not live
   * within `withinMs` (then nothing is tapped and the run borrows the pipe).
   */
  static async open(engine: TmuxEngine, paneId: string, ids: RunIds, withinMs: number): Promise<InBandRun | null> {
    if (!engine.tapOutput) return null;
    const run = new InBandRun(ids);
    const handle = engine.tapOutput(paneId, (data) => run.feed(data));
    run.handle = handle;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, withinMs))));
    const live = await Promise.race([handle.ready, late]);
    clearTimeout(timer);
    if (live) return run;
    handle.off();
    return null;
  }

  /** Stops tapping (the run ended, was disarmed, or its setup failed). */
  close(): void {
    this.handle?.off();
    this.handle = null;
  }

  /** Whether the end marker went by (its count is then known, or null when bytes were missed). */
  get done(): boolean {
    return this.phase === 'done';
  }

  /**
   * Waits at most `ms` for the end marker (tmux may read the marker's bytes from the pane just
   * after the tail's tmux client set the end mark).
   */
  async settled(ms: number): Promise<void> {
    if (this.done || this.lost) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve();
      }, ms);
      const off = this.onEnd(() => {
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  /** Calls `fn` on the end marker and on every chunk of output after it (the prompt, typically). */
  onEnd(fn: () => void): () => void {
    this.ended.add(fn);
    return () => this.ended.delete(fn);
  }

  feed(data: string | null): void {
    // Bytes missed anywhere before the end marker (a marker among them, maybe): no count.
    if (data === null) {
      this.lost = true;
      return;
    }
    if (this.phase === 'done') return this.fire();
    this.pending += data;
    this.step();
    if (this.done) this.fire();
  }

  private fire(): void {
    for (const fn of [...this.ended]) fn();
  }

  private step(): void {
    const m = this.marker;
    for (;;) {
      if (this.phase === 'before') {
        const i = this.pending.indexOf(m);
        if (i < 0) {
          this.pending = this.pending.slice(Math.max(0, this.pending.length - (m.length - 1)));
          return;
        }
        this.pending = this.pending.slice(i + m.length);
        this.phase = 'markerLine';
      } else if (this.phase === 'markerLine') {
        const nl = this.pending.indexOf('\n');
        if (nl < 0) {
          this.pending = '';
          return;
        }
        this.pending = this.pending.slice(nl + 1);
        this.phase = 'markerEnd';
      } else if (this.phase === 'markerEnd') {
        // The first line after the marker loses its first two characters (the marker's ESC \).
        const n = Math.min(this.skip, this.pending.length);
        this.skip -= n;
        this.pending = this.pending.slice(n);
        if (this.skip > 0) return;
        this.phase = 'counting';
      } else if (this.phase === 'counting') {
        const i = this.pending.indexOf(m);
        const upTo = i < 0 ? Math.max(0, this.pending.length - (m.length - 1)) : i;
        this.countText(this.pending.slice(0, upTo));
        this.pending = this.pending.slice(upTo);
        if (i < 0) return;
        this.printed = this.lost ? null : this.lines + (!this.lineEmpty && this.lastChar !== '\r' ? 1 : 0);
        this.pending = '';
        this.phase = 'done';
        return;
      } else return;
    }
  }

  private countText(text: string): void {
    if (text.length === 0) return;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      this.lines++;
      from = nl + 1;
    }
    const rest = text.slice(from);
    if (from > 0) {
      this.lineEmpty = rest.length === 0;
      this.lastChar = rest.slice(-1);
    } else if (rest.length > 0) {
      this.lineEmpty = false;
      this.lastChar = rest.slice(-1);
    }
  }
}
