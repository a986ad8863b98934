import { ExpectedToolError } from '../framework/errors/tool-errors';
import { runList, type TmuxEngine } from '../tmux/tmux-engine';
import { LibTmuxException, PaneNotFound } from '../tmux/tmux-errors';
import { trimTrailingEmpty } from './capture-limits';
import type { RunIds } from './run-command-wrapper';
import { cutOutput, lostAtLeast, type Mark, outputRange, parseMark } from './run-output';

/**
 * Reading a run back from tmux (docs/reference/engine.md#exit-status,
 * docs/reference/engine.md#run-output): its status and marks, then the rows its command printed.
 */

const SEP = '\u241e';

/** What the pane says of a run: status, marks and where it is now. */
export interface RunState {
  /** `@s_<id>` as tmux has it ('' until the tail stored it). */
  status: string;
  start: Mark | null;
  end: Mark | null;
  history: number;
  historyLimit: number;
  /** The cursor now: the end of what a command that is still running has printed so far. */
  cursor: Mark;
  /** The claim borrowed the pane's pipe to count the command's lines (docs/reference/engine.md#run-line-count). */
  piped: boolean;
  /** Lines the command printed, as the borrowed pipe counted them; null when not (yet) known. */
  printed: number | null;
}

const stateFormat = (ids: RunIds): string =>
  [
    `#{${ids.option}}`,
    `#{${ids.start}}`,
    `#{${ids.end}}`,
    '#{history_size}',
    '#{history_limit}',
    '#{cursor_y} #{cursor_x} #{alternate_on}',
    '#{pane_id}',
    `#{${ids.piped}}`,
    `#{${ids.count}}`,
  ].join(SEP);

/** A pane that went away between two reads is `Pane not found: %N`, as resolution says it. */
export const paneGone = (paneId: string) => (err: unknown) => {
  throw err instanceof LibTmuxException && /can't find pane/.test(err.message) ? new PaneNotFound(`Pane not found: ${paneId}`) : err;
};

/** The tmux command that reads a run's state (one display-message). */
export const readStateArgv = (paneId: string, ids: RunIds): string[] => ['display-message', '-p', '-t', paneId, stateFormat(ids)];

/** Parses the line of {@link readStateArgv}; a pane that is gone is PaneNotFound. */
export function parseState(lines: readonly string[], paneId: string): RunState {
  const f = (lines[0] ?? '').split(SEP);
  // display-message prints an empty line for a pane that is gone (it may fail to find it quietly).
  if (f[6] !== paneId) throw new PaneNotFound(`Pane not found: ${paneId}`);
  return {
    status: f[0] ?? '',
    start: parseMark(f[1]),
    end: parseMark(f[2]),
    history: Number(f[3]) || 0,
    historyLimit: Number(f[4]) || 0,
    cursor: parseMark(`${f[3]} ${f[5]}`) ?? { history: 0, y: 0, x: 0, alternate: false },
    piped: f[7] === '1',
    printed: /^\d+$/.test(f[8] ?? '') ? Number(f[8]) : null,
  };
}

/** The run's state now. */
export async function readState(engine: TmuxEngine, paneId: string, ids: RunIds): Promise<RunState> {
  const [lines] = await runList(engine, [readStateArgv(paneId, ids)]).catch(paneGone(paneId));
  return parseState(lines, paneId);
}

/** The exit status a finished run stored, as a number. */
export function exitStatusOf(state: RunState, ids: RunIds): number {
  if (!/^-?\d+$/.test(state.status.trim())) throw new ExpectedToolError(`run_command could not read exit status from '${ids.option}'`);
  return Number(state.status.trim());
}

/**
 * Whether tmux may have dropped rows of the run from the history, so that only the borrowed pipe's
 * count can say how many lines it printed (docs/reference/engine.md#run-line-count). tmux 3.3a
 * drops a tenth of the limit at a time once the history is full, so a history that ends below
 * that mark, and did not shrink under the start mark (clear-history), lost nothing: the rows
 * between the marks are every line, and the count need not be awaited (it costs a poll, ~25 ms).
 */
export function mayHaveLostLines(state: RunState): boolean {
  const afterDrop = state.historyLimit - Math.floor(state.historyLimit / 10) - 1;
  return state.history >= afterDrop || (state.start !== null && state.history < state.start.history);
}

/** How long the server waits for the borrowed pipe's count once the tail has signalled. */
export const COUNT_WAIT_MS = 1500;
const COUNT_POLL_MS = 25;

/**
 * The borrowed pipe's count (docs/reference/engine.md#run-line-count): the pipe sees the end
 * marker when tmux reads it from the pane, which may come just after the tail's signal. Bounded
 * by COUNT_WAIT_MS; null when it did not come.
 */
export async function awaitCount(engine: TmuxEngine, paneId: string, ids: RunIds): Promise<number | null> {
  const until = performance.now() + COUNT_WAIT_MS;
  for (;;) {
    const [v = ''] = await engine.run(['display-message', '-p', '-t', paneId, `#{${ids.count}}`], { timeoutMs: COUNT_WAIT_MS });
    if (/^\d+$/.test(v)) return Number(v);
    if (performance.now() >= until) return null;
    await new Promise((r) => setTimeout(r, COUNT_POLL_MS));
  }
}

/** The command's own output lines and the lines tmux's history lost before they were read. */
export interface RunLines {
  readonly lines: string[];
  readonly lost: number;
  readonly lostIsLowerBound: boolean;
}

/**
 * The command's own output (docs/reference/engine.md#run-output). A run that is still going is
 * read up to where its output has got so far (the cursor).
 */
export async function readOutput(engine: TmuxEngine, paneId: string, ids: RunIds, state: RunState, inFlight: boolean): Promise<RunLines> {
  const end = state.end ?? (inFlight ? state.cursor : null);
  // The claim sets the start mark and the tail the end mark before it signals, so a run that
  // started has both; without them there is no output of the command's to show (never the typed line).
  if (!state.start || !end) return { lines: [], lost: 0, lostIsLowerBound: false };
  const range = outputRange(state.start, end, { history: state.history, historyLimit: state.historyLimit });
  const capture = (extra: string[], from: number | '-', to: number) => [
    'capture-pane',
    '-p',
    ...extra,
    '-t',
    paneId,
    '-S',
    String(from),
    '-E',
    String(to),
  ];
  // 'cleared' ranges carry their own start: the top of the history, or (started on the alternate
  // screen) the visible rows only.
  const from = range.kind === 'search' ? '-' : range.start;
  const [joined, endRowLines] = await runList(engine, [capture(['-J'], from, range.end), capture(['-N'], range.end, range.end)]).catch(
    paneGone(paneId),
  );
  const endRow = endRowLines[0] ?? '';
  if (range.kind === 'search') {
    // The typed line's echo (its last line names our claim option) sits just above the output.
    const echo = joined.findIndex((l) => l.includes(`#{${ids.claim}}`));
    if (echo >= 0)
      return { lines: cutOutput(joined.slice(echo + 1), endRow, range.endX, range.skipColumns), lost: 0, lostIsLowerBound: false };
    const kept = cutOutput(joined, endRow, range.endX, 0);
    // The borrowed pipe counted every line the command printed: the count is exact
    // (docs/reference/engine.md#run-line-count); without it, the fewest consistent with tmux's drops.
    if (state.printed !== null && state.printed >= kept.length)
      return { lines: kept, lost: state.printed - kept.length, lostIsLowerBound: false };
    return { lines: kept, lost: lostAtLeast(state.start, state.historyLimit), lostIsLowerBound: true };
  }
  const lines = cutOutput(joined, endRow, range.endX, range.skipColumns, range.kind === 'rows' && range.start === range.end);
  // A full-screen program's screen is padded with empty rows: those are not output.
  return { lines: range.kind === 'alternate' ? trimTrailingEmpty(lines) : lines, lost: 0, lostIsLowerBound: false };
}
