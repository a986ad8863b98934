import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { LibTmuxException, TmuxNoServer } from '../tmux/tmux-errors';
import { disarmCommands, isClaimed, runOptions, type RunIds } from './run-command-wrapper';

/** Cap on each cleanup command, so shutdown never hangs on a stuck tmux. */
export const CLEANUP_MS = 5000;

/** tmux says the pane or the whole server is gone: nothing of the run is left to touch. */
export const isGone = (err: unknown): boolean =>
  err instanceof TmuxNoServer || (err instanceof Error && /can't find pane|no server running|server exited/.test(err.message));

/**
 * Unsets run options (docs/reference/engine.md#run_command-leftovers). Best effort: unsetting an
 * option that is not set is harmless, and a pane that is gone has none left.
 */
export async function unsetRunOptions(engine: TmuxEngine, paneId: string, options: readonly string[]): Promise<void> {
  try {
    await runList(
      engine,
      options.map((o) => ['set-option', '-p', '-u', '-t', paneId, o]),
      { timeoutMs: CLEANUP_MS, atomic: true },
    );
  } catch (err) {
    if (!isGone(err)) throw err;
  }
}

/** The options the follower unsets once it has read a finished run (status, marks, count). */
export const finishedRunOptions = runOptions;

/**
 * Disarms a run whose command has not started (docs/reference/engine.md#run-claim): in one atomic
 * tmux command list, unless the shell has claimed the line, unsets the claim option (the typed line
 * needs it to start) with the run's setup options and the pane's run lock. True when that worked (the command never runs),
 * false when the shell had claimed it (the command runs, and its tail cleans up after itself).
 */
export async function disarmRun(engine: TmuxEngine, paneId: string, ids: RunIds): Promise<boolean> {
  try {
    await runList(engine, disarmCommands(paneId, ids), { timeoutMs: CLEANUP_MS, atomic: true });
  } catch (err) {
    if (err instanceof LibTmuxException && isClaimed(err.message, ids)) return false;
    if (isGone(err)) return true; // no pane or no server: nothing will ever read the line
    throw err;
  }
  return true;
}
