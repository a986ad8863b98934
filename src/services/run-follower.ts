import type { TmuxEngine } from '../tmux/tmux-engine';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { isHostError, PaneNotFound } from '../tmux/tmux-errors';
import { waitForChannel } from '../tmux/wait-for';
import type { RunIds } from './run-command-wrapper';
import { finishedRunOptions, isGone, unsetRunOptions } from './run-disarm';
import type { InBandRun } from './run-inband';
import { awaitCount, COUNT_WAIT_MS, mayHaveLostLines, parseState, readState, readStateArgv, type RunState } from './run-readback';

/** How often followed runs' panes are looked at besides the end signal (one batch per tmux server). */
export const CHECK_MS = 2000;

/** What a follower tells the run registry. */
export interface FollowerEvents {
  /**
   * The command ended: its status and marks, read from the pane. `cleanup` settles once the run's
   * options are unset (rejects if that failed); it runs while the registry reads the output, so
   * the two reach tmux together (one write on the control engine, two processes at once on the
   * subprocess engine).
   */
  ended(state: RunState, cleanup: Promise<void>): void;
  /** Following cannot go on (the pane or the host's connection is gone, tmux failed): the run has no end to report. */
  failed(error: Error): void;
}

/**
 * Follows one run to its end without any call (docs/reference/engine.md#run-wait): the one
 * process a run holds is a killable `tmux wait-for r_<id>` child (docs/reference/engine.md#blocking-wait-for),
 * and a check every 2 s (`#{pane_id}:#{@e_<id>}`, batched by the registry for all runs of a tmux
 * server: `checkArgv`, `checked`) ends the wait when the pane is gone, or when the end mark is set
 * although no signal reached us (the end mark is set in the same tmux command list as the signal,
 * so once it is visible the signal was sent). Then the run's state is read and the registry told,
 * while its status and marks are unset. `halt()` kills the child (shutdown, disarm).
 */
export class RunFollower {
  private readonly halted = new AbortController();
  private readonly waiter = new AbortController();
  private gone = false;

  private checking = false;
  private again = false;

  constructor(
    private readonly engine: TmuxEngine,
    private readonly paneId: string,
    private readonly ids: RunIds,
    private readonly events: FollowerEvents,
    /** The run's output as the engine sees it, when it does: no `wait-for` child then. */
    private readonly inBand: InBandRun | null = null,
  ) {}

  start(): void {
    void this.follow().catch((err: unknown) => {
      if (!this.halted.signal.aborted) this.events.failed(err instanceof Error ? err : new Error(String(err)));
    });
  }

  /** Stops following: kills the `wait-for` child; nothing is reported after this. */
  halt(): void {
    this.halted.abort();
  }

  /** The engine the run is on (the registry batches checks per tmux server). */
  get on(): TmuxEngine {
    return this.engine;
  }

  /**
   * The check's tmux command. display-message answers an empty line (or another pane's fields on
   * a control connection) for a missing pane (CMD_FIND_CANFAIL), hence `#{pane_id}` first.
   */
  checkArgv(): string[] {
    return ['display-message', '-p', '-t', this.paneId, `#{pane_id}:#{${this.ids.end}}`];
  }

  /** The check's answer: the pane is gone, or the end mark is set: stop waiting for the signal. */
  checked(line: string): void {
    if (!line.startsWith(`${this.paneId}:`)) this.gone = true;
    if (line !== `${this.paneId}:`) this.waiter.abort();
  }

  /** The check failed: a pane or server that is gone ends the wait, anything else waits for the next check. */
  checkFailed(err: unknown): void {
    if (!isGone(err)) return;
    this.gone = true;
    this.waiter.abort();
  }

  /**
   * In band (docs/reference/engine.md#in-band-run-end): the end marker went by, or output came
   * after it (the prompt, printed once the tail's tmux client set the end mark): look at the end
   * mark now. One look at a time; output meanwhile asks for one more.
   */
  private look(): void {
    if (this.waiter.signal.aborted) return;
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    void this.engine
      .run(this.checkArgv(), { timeoutMs: CHECK_MS * 2 })
      .then(
        (l) => this.checked(l[0] ?? ''),
        (err: unknown) => this.checkFailed(err),
      )
      .finally(() => {
        this.checking = false;
        if (this.again) {
          this.again = false;
          this.look();
        }
      });
  }

  private async follow(): Promise<void> {
    try {
      await this.followToEnd();
    } finally {
      this.inBand?.close();
    }
  }

  private async followToEnd(): Promise<void> {
    const { engine, paneId, ids, inBand } = this;
    const onHalt = () => this.waiter.abort();
    this.halted.signal.addEventListener('abort', onHalt, { once: true });
    let outcome: Awaited<ReturnType<typeof waitForChannel>> | null = null;
    /** The state line the `wait-for` child read as the tail signalled ('' when it read none). */
    let woke = '';
    let lost: Error | undefined;
    try {
      if (inBand) {
        const off = inBand.onEnd(() => this.look());
        // The host's connection lost ends the following, as a failing wait-for child would
        // (docs/reference/engine.md#connection-loss).
        const offLost = engine.onPaneEvent(paneId, (ev) => {
          if (ev.kind !== 'lost') return;
          lost ??= ev.error ?? new Error(`the connection to ${paneId}'s host was lost`);
          this.waiter.abort();
        });
        if (inBand.done) this.look();
        await new Promise<void>((resolve) => {
          if (this.waiter.signal.aborted) resolve();
          else this.waiter.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        off();
        offLost();
      } else {
        // The waiting client itself reads the state right after the tail's signalling list: a
        // read of ours could come after tmux's own cleanup of status and marks on a busy machine.
        // It also says whether the tail has run (`@q_<id>` gone): a wake before that is not the
        // run's end, and the wait goes on (docs/reference/engine.md#exit-status).
        const then = [...readStateArgv(paneId, ids), ';', 'display-message', '-p', '-t', paneId, `#{?${ids.tail},1,0}`];
        for (;;) {
          outcome = await waitForChannel(engine, ids.channel, { signal: this.waiter.signal, then });
          if (outcome.outcome !== 'signalled') break;
          const [line = '', running = ''] = outcome.output.split('\n');
          if (running !== '1') {
            woke = line;
            break;
          }
        }
      }
    } finally {
      this.halted.signal.removeEventListener('abort', onHalt);
    }
    if (this.halted.signal.aborted) return;
    if (lost) throw lost;
    if (outcome?.outcome === 'error') {
      if (isHostError(outcome.error) || isGone(outcome.error)) throw outcome.error;
      throw new ExpectedToolError(`wait-for failed for run_command channel '${ids.channel}': ${outcome.stderr}`);
    }
    if (this.gone) throw new PaneNotFound(`Pane not found: ${paneId}`);
    const state = woke ? parseState([woke], paneId) : await readState(engine, paneId, ids);
    // In band the server counted the lines itself; the end mark is set after the end marker went by.
    if (inBand && state.printed === null) {
      if (!inBand.done && mayHaveLostLines(state)) await inBand.settled(COUNT_WAIT_MS);
      state.printed = inBand.printed ?? null;
    }
    if (state.piped && state.printed === null && mayHaveLostLines(state)) state.printed = await awaitCount(engine, paneId, ids);
    const cleanup = unsetRunOptions(engine, paneId, finishedRunOptions(ids));
    if (this.halted.signal.aborted) return cleanup;
    this.events.ended(state, cleanup);
  }
}
