import type { TmuxEngine } from '../tmux/tmux-engine';
import { isHostError, LibTmuxException, PaneNotFound } from '../tmux/tmux-errors';
import { waitForChannel } from '../tmux/wait-for';
import type { RunIds } from './run-command-wrapper';
import { finishedRunOptions, isGone, unsetRunOptions } from './run-disarm';
import { awaitCount, mayHaveLostLines, readState, type RunState } from './run-readback';

/** How often a followed run's pane is looked at besides the end signal (a cheap display-message). */
const CHECK_MS = 2000;

/** What a follower tells the run registry. */
export interface FollowerEvents {
  /** The command ended: its status and marks, read from the pane (the options are unset already). */
  ended(state: RunState): void;
  /** Following cannot go on (the pane or the host's connection is gone, tmux failed): the run has no end to report. */
  failed(error: Error): void;
}

/**
 * Follows one run to its end without any call (docs/reference/engine.md#run-wait): the one
 * process a run holds is a killable `tmux wait-for r_<id>` child (docs/reference/engine.md#blocking-wait-for),
 * and a check every 2 s (`#{pane_id}:#{@e_<id>}`) ends the wait when the pane is gone, or when the
 * end mark is set although no signal reached us (the end mark is set in the same tmux command
 * list as the signal, so once it is visible the signal was sent). Then the run's state is read,
 * its status and marks unset, and the registry told. `halt()` kills the child (shutdown, disarm).
 */
export class RunFollower {
  private readonly halted = new AbortController();

  constructor(
    private readonly engine: TmuxEngine,
    private readonly paneId: string,
    private readonly ids: RunIds,
    private readonly events: FollowerEvents,
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

  private async follow(): Promise<void> {
    const { engine, paneId, ids } = this;
    const waiter = new AbortController();
    const onHalt = () => waiter.abort();
    this.halted.signal.addEventListener('abort', onHalt, { once: true });
    let gone = false;
    const check = async () => {
      try {
        // display-message answers an empty line for a missing pane (CMD_FIND_CANFAIL), hence #{pane_id}.
        const [v = ''] = await engine.run(['display-message', '-p', '-t', paneId, `#{pane_id}:#{${ids.end}}`], {
          timeoutMs: CHECK_MS * 2,
        });
        if (!v.startsWith(`${paneId}:`)) gone = true;
        if (v !== `${paneId}:`) waiter.abort();
      } catch (err) {
        if (isGone(err)) {
          gone = true;
          waiter.abort();
        }
      }
    };
    const timer = setInterval(() => void check(), CHECK_MS);
    timer.unref();
    let outcome;
    try {
      outcome = await waitForChannel(engine, ids.channel, { signal: waiter.signal });
    } finally {
      clearInterval(timer);
      this.halted.signal.removeEventListener('abort', onHalt);
    }
    if (this.halted.signal.aborted) return;
    if (outcome.outcome === 'error') {
      if (isHostError(outcome.error) || isGone(outcome.error)) throw outcome.error;
      throw new LibTmuxException(`wait-for failed for run_command channel '${ids.channel}': ${outcome.stderr}`);
    }
    if (gone) throw new PaneNotFound(`Pane not found: ${paneId}`);
    const state = await readState(engine, paneId, ids);
    if (state.piped && state.printed === null && mayHaveLostLines(state)) state.printed = await awaitCount(engine, paneId, ids);
    await unsetRunOptions(engine, paneId, finishedRunOptions(ids));
    if (!this.halted.signal.aborted) this.events.ended(state);
  }
}
