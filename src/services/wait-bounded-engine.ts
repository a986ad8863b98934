import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { PaneEvent, RunOptions, TmuxEngine } from '../tmux/tmux-engine';

/** Per-call ceiling and floor of wait_for_text's tmux calls (seconds, docs/reference/tools.md#wait_for_text). */
const CALL_MAX_S = 5;
const CALL_MIN_S = 0.25;

/** The client cancelled the request (or the server is shutting down): no partial result. */
export class WaitCancelled extends ExpectedToolError {
  constructor(tool = 'wait_for_text') {
    super(`${tool} was cancelled`);
  }
}

/**
 * An engine view for one wait: every tmux call (pane resolution included) is bounded by
 * min(5 s, remaining budget) with a 0.25 s floor, and by the request's abort signal, so a hung
 * tmux server can neither stall the wait past its deadline nor outlive a cancellation (the
 * engine kills its child process when the signal fires).
 */
export class WaitBoundedEngine implements TmuxEngine {
  constructor(
    private readonly inner: TmuxEngine,
    /** performance.now() deadline in ms. */
    private readonly deadline: number,
    private readonly signal: AbortSignal,
    /** The tool that waits, for the cancellation text. */
    private readonly tool = 'wait_for_text',
  ) {}

  get key() {
    return this.inner.key;
  }
  get tmuxHost() {
    return this.inner.tmuxHost;
  }
  get mode() {
    return this.inner.mode;
  }
  get hasEvents() {
    return this.inner.hasEvents;
  }
  argvPrefix(): string[] {
    return this.inner.argvPrefix();
  }
  onPaneEvent(paneId: string, listener: (ev: PaneEvent) => void): () => void {
    return this.inner.onPaneEvent(paneId, listener);
  }
  async close(): Promise<void> {
    // The shared engine belongs to the server pool.
  }

  run(args: readonly string[], opts?: RunOptions): Promise<string[]> {
    return this.bounded(args, opts, (o) => this.inner.run(args, o));
  }

  runRaw(args: readonly string[], opts?: RunOptions): Promise<string> {
    return this.bounded(args, opts, (o) => this.inner.runRaw(args, o));
  }

  /** Seconds the next call may take. */
  budget(): number {
    const remaining = (this.deadline - performance.now()) / 1000;
    return Math.max(Math.min(CALL_MAX_S, remaining), CALL_MIN_S);
  }

  private async bounded<T>(args: readonly string[], opts: RunOptions | undefined, call: (o: RunOptions) => Promise<T>): Promise<T> {
    if (this.signal.aborted) throw new WaitCancelled(this.tool);
    const budget = this.budget();
    const ac = new AbortController();
    const signals = [this.signal, ac.signal, ...(opts?.signal ? [opts.signal] : [])];
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const unresponsive = () =>
      new ExpectedToolError(`tmux ${args[0] ?? ''} did not return within ${budget.toFixed(2)}s; the tmux server is unresponsive`);
    // Rejects on our own timer or on cancellation even if an engine ignored its signal.
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ac.abort();
        reject(unresponsive());
      }, budget * 1000);
      onAbort = () => reject(new WaitCancelled(this.tool));
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
    const work = call({ signal: AbortSignal.any(signals), timeoutMs: Math.ceil(budget * 1000) + 250 });
    try {
      return await Promise.race([work, guard]);
    } catch (err) {
      if (this.signal.aborted) throw new WaitCancelled(this.tool);
      if (ac.signal.aborted) throw unresponsive();
      throw err;
    } finally {
      clearTimeout(timer);
      if (onAbort) this.signal.removeEventListener('abort', onAbort);
      work.catch(() => undefined);
      guard.catch(() => undefined);
    }
  }
}
