import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { safeText } from '../framework/validation/safe-repr';
import type { RunOptions, TmuxEngine } from '../tmux/tmux-engine';
import { PaneNotFound } from '../tmux/tmux-errors';

/**
 * A pane killed between resolution and a read makes tmux answer "can't find pane: %N" (or, from
 * `show-options -p`, "no such pane: %N"). Readers report it like resolution does (PaneNotFound,
 * never retried) instead of a raw tmux error.
 */
export function rethrowPaneGone(err: unknown, paneId: string): never {
  if (err instanceof Error && /can't find pane|no such pane/.test(err.message) && !(err instanceof PaneNotFound))
    throw new PaneNotFound(`Pane not found: ${safeText(paneId)}`);
  throw err;
}

/** One sample of a pane's grid and lifecycle (docs/reference/tools.md#capture_since, docs/reference/tools.md#wait_for_text). */
export interface PaneState {
  history_size: number;
  cursor_y: number;
  pane_height: number;
  /** Kept as tmux's decimal string: it is compared, and cursors carry it as a string. */
  pane_pid: string;
  pane_dead: boolean;
  alternate_on: boolean;
}

/**
 * A fixed literal format: no caller text ever enters it. `#{pane_id}` comes first because
 * `display-message -t %N` on a vanished pane still succeeds (tmux 3.3a): with every field empty
 * from a subprocess, or with the fields of the client's current pane on a control connection.
 */
const STATE_FORMAT = '#{pane_id}|#{history_size}|#{cursor_y}|#{pane_height}|#{pane_pid}|#{pane_dead}|#{alternate_on}';

const int = (s: string | undefined): number => (s && /^\d+$/.test(s) ? Number(s) : 0);

/** The state read's argv, for callers that send it inside a command list (docs/reference/engine.md#command-batches). */
export const stateArgv = (paneId: string): string[] => ['display-message', '-p', '-t', paneId, STATE_FORMAT];

/** The `history-limit` read's argv (see {@link PaneStateService.historyLimit}). */
export const historyLimitArgv = (paneId: string): string[] => ['display-message', '-p', '-t', paneId, '#{history_limit}'];

/** Parses the answer of {@link stateArgv}; PaneNotFound when it is not this pane's (see STATE_FORMAT). */
export function parseState(paneId: string, lines: readonly string[]): PaneState {
  const [id, hs, cy, h, pid, dead, alt] = (lines[0] ?? '').split('|');
  if (id !== paneId) throw new PaneNotFound(`Pane not found: ${safeText(paneId)}`);
  return {
    history_size: int(hs),
    cursor_y: int(cy),
    pane_height: int(h),
    pane_pid: pid ?? '',
    pane_dead: dead === '1',
    alternate_on: alt === '1',
  };
}

/** Parses the answer of {@link historyLimitArgv}. */
export const parseHistoryLimit = (lines: readonly string[]): number => int(lines[0]);

export const sameState = (a: PaneState, b: PaneState): boolean =>
  a.history_size === b.history_size &&
  a.cursor_y === b.cursor_y &&
  a.pane_height === b.pane_height &&
  a.pane_pid === b.pane_pid &&
  a.pane_dead === b.pane_dead &&
  a.alternate_on === b.alternate_on;

/**
 * True when tmux may be trimming the oldest history rows (it frees about a tenth of
 * `history-limit` at once when full), for any of the sampled sizes.
 */
export function inTrimRiskBand(historyLimit: number, ...historySizes: number[]): boolean {
  if (historyLimit <= 0) return true;
  const floor = historyLimit - Math.max(Math.floor(historyLimit / 10), 1);
  return historySizes.some((h) => h >= floor);
}

/** Pane state reads and the lifecycle checks shared by capture_since and wait_for_text. */
@injectable()
export class PaneStateService {
  async read(engine: TmuxEngine, paneId: string, opts?: RunOptions): Promise<PaneState> {
    let lines: string[];
    try {
      lines = await engine.run(stateArgv(paneId), opts);
    } catch (err) {
      return rethrowPaneGone(err, paneId);
    }
    return parseState(paneId, lines);
  }

  /** `history-limit` is fixed at pane creation on tmux < 3.7: read once per operation. */
  async historyLimit(engine: TmuxEngine, paneId: string, opts?: RunOptions): Promise<number> {
    try {
      return parseHistoryLimit(await engine.run(historyLimitArgv(paneId), opts));
    } catch (err) {
      return rethrowPaneGone(err, paneId);
    }
  }

  /** A dead or respawned pane invalidates a cursor/baseline anchor (docs/reference/errors.md#pane-reading-and-waiting). */
  assertSameProcess(paneId: string, state: PaneState, baselinePid: string): void {
    if (state.pane_dead) throw new ExpectedToolError(`pane ${paneId} died; cursor/baseline anchor is no longer valid`);
    if (state.pane_pid !== baselinePid)
      throw new ExpectedToolError(
        `pane ${paneId} was respawned (pid ${safeText(baselinePid)} -> ${safeText(state.pane_pid)}); cursor/baseline anchor is no longer valid`,
      );
  }
}
