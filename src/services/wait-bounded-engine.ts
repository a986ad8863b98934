import { ExpectedToolError } from '../framework/errors/tool-errors';
import { type PaneEvent, type RunOptions, runList, type TmuxEngine } from '../tmux/tmux-engine';
import { TmuxTimeout } from '../tmux/tmux-errors';

/**
 * What a wait's tmux call may run past the wait's own deadline (seconds,
 * docs/reference/configuration.md#command-deadline): the last look at the pane still gets an answer
 * from a tmux that is slow but answering (a busy machine), and a stopped one still ends the call
 * within the timeout + 2 s.
 */
const LAST_LOOK_S = 1.5;

/** The client cancelled the request (or the server is shutting down): no partial result. */
export class WaitCancelled extends ExpectedToolError {
  constructor(tool = 'wait_for_text') {
    super(`${tool} was cancelled`);
  }
}

/**
 * An engine view for one wait: every tmux call (pane resolution included) is bounded by
 * min(command deadline, remaining budget + 1.5 s), and by the request's abort signal,
 * so a hung tmux server can neither stall the wait past its deadline nor outlive a cancellation
 * (the engine kills its child process when the signal fires). When the host's connection drops,
 * the call in flight and every later one fail with that loss (docs/reference/engine.md#connection-loss):
 * the wait ends instead of reconnecting and running on to its timeout. Call `dispose()` at the end.
 */
export class WaitBoundedEngine implements TmuxEngine {
  private lostError: Error | null = null;
  private readonly lostCtl = new AbortController();
  readonly dispose: () => void;

  constructor(
    private readonly inner: TmuxEngine,
    /** performance.now() deadline in ms. */
    private readonly deadline: number,
    private readonly signal: AbortSignal,
    /** The tool that waits, for the cancellation text. */
    private readonly tool = 'wait_for_text',
    /** Told when the connection is lost (the wait loop wakes on it). */
    onLost?: () => void,
  ) {
    this.dispose = inner.runner.onLost(inner.key.host, (err) => {
      this.lostError ??= err;
      this.lostCtl.abort();
      onLost?.();
    });
  }

  get key() {
    return this.inner.key;
  }
  get runner() {
    return this.inner.runner;
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
  get tapOutput(): TmuxEngine['tapOutput'] {
    return this.inner.tapOutput?.bind(this.inner);
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

  /** A batch, bounded as one call (`atomic` is passed on: one command list where the engine can). */
  runList(commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]> {
    return this.bounded(commands[0] ?? [], opts, (o) => runList(this.inner, commands, o));
  }

  /** The connection's loss, once it is lost (docs/reference/engine.md#connection-loss). */
  lost(): Error | null {
    return this.lostError;
  }

  /** Seconds the next call may take. */
  budget(): number {
    const remaining = Math.max(0, (this.deadline - performance.now()) / 1000);
    return Math.min(this.inner.runner.commandTimeoutMs / 1000, remaining + LAST_LOOK_S);
  }

  private async bounded<T>(args: readonly string[], opts: RunOptions | undefined, call: (o: RunOptions) => Promise<T>): Promise<T> {
    if (this.signal.aborted) throw new WaitCancelled(this.tool);
    if (this.lostError) throw this.lostError;
    const budget = this.budget();
    const ac = new AbortController();
    const signals = [this.signal, ac.signal, this.lostCtl.signal, ...(opts?.signal ? [opts.signal] : [])];
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    let onLost: (() => void) | undefined;
    const unresponsive = () => new TmuxTimeout(budget);
    // Rejects on our own timer, on cancellation or on the connection's loss even if an engine
    // ignored its signal.
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ac.abort();
        reject(unresponsive());
      }, budget * 1000);
      onAbort = () => reject(new WaitCancelled(this.tool));
      onLost = () => reject(this.lost() ?? new Error('connection lost'));
      this.signal.addEventListener('abort', onAbort, { once: true });
      this.lostCtl.signal.addEventListener('abort', onLost, { once: true });
    });
    const work = call({ ...opts, signal: AbortSignal.any(signals), timeoutMs: Math.ceil(budget * 1000) + 250 });
    try {
      return await Promise.race([work, guard]);
    } catch (err) {
      if (this.signal.aborted) throw new WaitCancelled(this.tool);
      // A method, not the field: TypeScript keeps the field narrowed to null from the check above.
      const lost = this.lost();
      if (lost) throw lost;
      if (ac.signal.aborted) throw unresponsive();
      throw err;
    } finally {
      clearTimeout(timer);
      if (onAbort) this.signal.removeEventListener('abort', onAbort);
      if (onLost) this.lostCtl.signal.removeEventListener('abort', onLost);
      work.catch(() => undefined);
      guard.catch(() => undefined);
    }
  }
}
