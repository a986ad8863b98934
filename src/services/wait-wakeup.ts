/**
 * Wakes a waiting loop on a pane event, a timer or cancellation. Events that arrive while the
 * loop is busy (a capture in flight) are remembered as one pending wake-up, so a burst of
 * `%output` notifications costs one re-check, not one per line.
 */
export class WaitWakeup {
  private pending = false;
  private wake: (() => void) | null = null;

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', this.poke, { once: true });
  }

  /** Something happened in the pane (or the call was cancelled). */
  readonly poke = (): void => {
    this.pending = true;
    const w = this.wake;
    this.wake = null;
    w?.();
  };

  /** Resolves 'event' on a poke (or at once if one is pending), else 'timer' after `ms`. */
  sleep(ms: number): Promise<'event' | 'timer'> {
    if (this.pending || this.signal.aborted) {
      this.pending = false;
      return Promise.resolve('event');
    }
    return new Promise((resolve) => {
      const t = setTimeout(
        () => {
          this.wake = null;
          resolve('timer');
        },
        Math.max(0, ms),
      );
      this.wake = () => {
        clearTimeout(t);
        this.pending = false;
        resolve('event');
      };
    });
  }

  /** Waits `ms` (or until cancelled) without consuming a pending wake-up. */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.signal.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(done, Math.max(0, ms));
      this.signal.addEventListener('abort', done, { once: true });
    });
  }

  dispose(): void {
    this.signal.removeEventListener('abort', this.poke);
    this.wake?.();
  }
}
