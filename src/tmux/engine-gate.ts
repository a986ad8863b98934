/**
 * Why this exists: tmux 3.3a crashes (SIGSEGV in control_write, reproduced here) when it
 * broadcasts a control notification — `%client-detached`, `%sessions-changed`,
 * `%session-window-changed`, `%window-pane-changed`, `%pane-mode-changed`,
 * `%session-renamed` — while a control client is between its first identify message and
 * `control_start` (the identify burst spans several socket reads because it passes file
 * descriptors). Starting or stopping control clients concurrently, or running commands while
 * one identifies, kills the user's whole tmux server within seconds of stress.
 *
 * So the engine never lets its own activity overlap one of its own clients' start: starting
 * and stopping clients is exclusive (per engine, and serialized across all engines of this
 * process), and no call of ours is in flight meanwhile. What the user does at that moment
 * cannot be controlled; keeping attaches rare (one command client per server, event clients
 * only when needed) keeps that window small.
 */
let lifecycleChain: Promise<unknown> = Promise.resolve();

/** Runs `fn` after every earlier client start/stop of this process has finished. */
function serializeGlobally<T>(fn: () => Promise<T>): Promise<T> {
  const run = lifecycleChain.then(fn, fn);
  lifecycleChain = run.catch(() => undefined);
  return run;
}

export class EngineGate {
  private active = 0;
  private closedGate: Promise<void> | null = null;
  private drainWaiters: (() => void)[] = [];

  /** Number of calls in flight (for tests). */
  get inFlight(): number {
    return this.active;
  }

  /** Admits a call; waits while a client starts or stops. Pair with `leave()`. */
  async enter(): Promise<void> {
    while (this.closedGate) await this.closedGate;
    this.active++;
  }

  /** True while no client starts or stops: a call may then be admitted at once with `enterNow()`. */
  get open(): boolean {
    return this.closedGate === null;
  }

  /** Admits a call without waiting; only while `open`. Pair with `leave()`. */
  enterNow(): void {
    this.active++;
  }

  leave(): void {
    this.active--;
    if (this.active === 0) for (const w of this.drainWaiters.splice(0)) w();
  }

  /**
   * Runs a client start or stop alone: new calls wait, calls in flight are given `drainMs` to
   * finish (a long `run-shell` subprocess must not stall the engine forever).
   */
  async exclusive<T>(fn: () => Promise<T>, drainMs = 2000): Promise<T> {
    while (this.closedGate) await this.closedGate;
    let open!: () => void;
    this.closedGate = new Promise<void>((r) => (open = r));
    try {
      if (this.active > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          timer.unref();
          this.drainWaiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return await serializeGlobally(fn);
    } finally {
      this.closedGate = null;
      open();
    }
  }
}
