import { inject, injectable } from 'tsyringe';
import type { Logger } from 'winston';
import { LOGGER_FACTORY } from '../framework/tokens';
import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { LibTmuxException, TmuxNoServer } from '../tmux/tmux-errors';
import { waitForChannel } from '../tmux/wait-for';
import { allRunOptions, runOptions, type RunIds } from './run-command-wrapper';

/** How often a reaper re-checks its pane (a cheap `display-message`). */
const CHECK_MS = 2000;
/** Cap on each cleanup command, so shutdown never hangs on a stuck tmux. */
const CLEANUP_MS = 5000;

/** One run_command whose channel/option may still exist on the tmux server. */
export interface RunEntry {
  readonly engine: TmuxEngine;
  readonly paneId: string;
  readonly ids: RunIds;
  /** Aborted at shutdown: kills whichever `wait-for` child this run has. */
  readonly stop: AbortController;
}

const gone = (err: unknown) =>
  err instanceof TmuxNoServer || (err instanceof Error && /can't find pane|no server running|server exited/.test(err.message));

/**
 * Leftovers of run_command (docs/reference/engine.md#run_command-leftovers). A run that timed out
 * or was cancelled keeps running in its shell, which will later set `@s_<id>` and signal `r_<id>`.
 * The reaper waits for that in a killable `wait-for` subprocess (never the control connection,
 * docs/reference/engine.md#blocking-wait-for), bounded by the pane's life through a periodic check,
 * and unsets the option once the command finished.
 *
 * tmux 3.3a keeps a killed waiter in the channel's queue and the next signal wakes (and removes)
 * it, so killing our waiter leaves nothing remembered even if the shell signals later. That is
 * why shutdown kills the waiters instead of signalling the channels itself: a signal with no
 * live waiter would be remembered by tmux, and the shell's later one with it.
 */
@injectable()
export class RunCommandReaper {
  private readonly live = new Set<RunEntry>();
  private closed = false;
  private readonly log: Logger;

  constructor(@inject(LOGGER_FACTORY) loggers: (name: string) => Logger) {
    this.log = loggers('tmux_mcp.run_command');
  }

  /** Tracks a run before its keys are sent (from then on its option/channel may exist). */
  begin(engine: TmuxEngine, paneId: string, ids: RunIds): RunEntry {
    const entry: RunEntry = { engine, paneId, ids, stop: new AbortController() };
    this.live.add(entry);
    return entry;
  }

  /**
   * Disarms a run whose command has not started (docs/reference/engine.md#run-claim): unlocks its
   * gate, which the typed line must unlock itself to start, and unsets its options. True when
   * that worked (the command never runs), false when the shell had claimed it (the command runs,
   * and its tail cleans up after itself).
   */
  async cancel(entry: RunEntry): Promise<boolean> {
    try {
      await entry.engine.run(['wait-for', '-U', entry.ids.gate], { timeoutMs: CLEANUP_MS });
    } catch (err) {
      if (err instanceof LibTmuxException && /not locked/.test(err.message)) return false;
      if (gone(err)) return true; // no pane or no server: nothing will ever read the line
      throw err;
    }
    await this.unset(entry, allRunOptions(entry.ids));
    return true;
  }

  /** The run finished normally and cleaned up after itself. */
  end(entry: RunEntry): void {
    this.live.delete(entry);
  }

  /** Runs tracked right now (tests, diagnostics). */
  pending(): number {
    return this.live.size;
  }

  /** The run's own waiter gave up (timeout, cancel, wait failure): reap in the background. */
  adopt(entry: RunEntry): void {
    if (this.closed || entry.stop.signal.aborted) {
      this.live.delete(entry);
      void this.cancel(entry)
        .then(async (cancelled) => {
          if (!cancelled) await this.unset(entry);
        })
        .catch(() => undefined);
      return;
    }
    void this.reap(entry).catch((err) => this.log.debug(`reaper ${entry.ids.channel}: ${(err as Error).message}`));
  }

  private async reap(entry: RunEntry): Promise<void> {
    const { engine, paneId, ids } = entry;
    const waiter = new AbortController();
    const onStop = () => waiter.abort();
    entry.stop.signal.addEventListener('abort', onStop, { once: true });
    // The option is set just before the signal, so once it is visible the command is done: stop
    // waiting (a signal our killed waiter absorbed would otherwise never reach us) and unset it.
    const check = async () => {
      try {
        // display-message answers an empty line for a missing pane (CMD_FIND_CANFAIL), hence #{pane_id}.
        const [v = ''] = await engine.run(['display-message', '-p', '-t', paneId, `#{pane_id}:#{${ids.option}}`], {
          timeoutMs: CLEANUP_MS,
        });
        if (v !== `${paneId}:`) waiter.abort(); // pane gone, or the option is set: the command is over
      } catch (err) {
        if (gone(err)) waiter.abort();
      }
    };
    const timer = setInterval(() => void check(), CHECK_MS);
    timer.unref();
    void check();
    try {
      await waitForChannel(engine, ids.channel, { signal: waiter.signal });
    } finally {
      clearInterval(timer);
      entry.stop.signal.removeEventListener('abort', onStop);
    }
    if (entry.stop.signal.aborted) return; // shutdown owns the cleanup
    await this.unset(entry);
    this.live.delete(entry);
    if (this.log.isLevelEnabled('debug')) this.log.debug(`reaped run_command ${ids.channel} in ${paneId}`);
  }

  /** Best effort: unsetting an option that is not set is harmless; a gone pane is fine too. */
  private async unset(entry: RunEntry, options = runOptions(entry.ids)): Promise<void> {
    try {
      await runList(
        entry.engine,
        options.map((o) => ['set-option', '-p', '-u', '-t', entry.paneId, o]),
        { timeoutMs: CLEANUP_MS },
      );
    } catch (err) {
      if (!gone(err)) this.log.debug(`could not unset the options of ${entry.ids.channel} in ${entry.paneId}: ${(err as Error).message}`);
    }
  }

  /**
   * Shutdown hook (docs/reference/engine.md#run_command-leftovers): kill every waiter of ours,
   * disarm every line that has not started, and unset the options we created. A command that
   * started keeps its tail's options until the tail's own cleanup in tmux removes them.
   */
  async shutdown(): Promise<void> {
    this.closed = true;
    const entries = [...this.live];
    this.live.clear();
    for (const e of entries) e.stop.abort();
    await Promise.allSettled(
      entries.map(async (e) => {
        if (!(await this.cancel(e).catch(() => false))) await this.unset(e);
      }),
    );
  }
}
