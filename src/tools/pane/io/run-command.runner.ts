import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ProgressReporter } from '../../../framework/pipeline/call-context';
import { RunCommandResult } from '../../../models/run-command-result.model';
import { trimTrailingEmpty } from '../../../services/capture-limits';
import { paneLastLine } from '../../../services/pane-progress';
import { round3, secondsSince, startHeartbeat } from '../../../services/progress-heartbeat';
import { RunCommandReaper } from '../../../services/run-command-reaper.service';
import { PaneNotAtPrompt, RunDidNotStart, waitForPrompt } from '../../../services/run-command-readiness';
import {
  EXPIRY_GRACE_SECONDS,
  isLockHeld,
  newRunIds,
  RUN_LOCK,
  type RunIds,
  runOptions,
  setupCommands,
  typedLine,
} from '../../../services/run-command-wrapper';
import { budgetOutput, cutOutput, lostAtLeast, type Mark, outputRange, parseMark } from '../../../services/run-output';
import { runList, type TmuxEngine } from '../../../tmux/tmux-engine';
import { isHostError, LibTmuxException, PaneNotFound } from '../../../tmux/tmux-errors';
import { waitForChannel } from '../../../tmux/wait-for';
import { enterArgv, sendKeysArgv } from './send-keys-argv';

export interface RunCommandRequest {
  readonly command: string;
  /** min(timeout, wait ceiling), seconds. */
  readonly effectiveTimeout: number;
  readonly suppressHistory: boolean;
  readonly maxLines: number | null;
  readonly signal: AbortSignal;
  readonly progress: ProgressReporter;
}

/** The request was cancelled (or the server is shutting down); the message says whether the command runs. */
export class RunCommandCancelled extends ExpectedToolError {}

const SEP = '\u241e';

/** What the pane says once the run is over (or timed out): status, marks and where it is now. */
interface RunState {
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

/**
 * Whether tmux may have dropped rows of the run from the history, so that only the borrowed pipe's
 * count can say how many lines it printed (docs/reference/engine.md#run-line-count). tmux 3.3a
 * drops a tenth of the limit at a time once the history is full, so a history that ends below
 * that mark, and did not shrink under the start mark (clear-history), lost nothing: the rows
 * between the marks are every line, and the count need not be awaited (it costs a poll, ~25 ms).
 */
function mayHaveLostLines(state: RunState): boolean {
  const afterDrop = state.historyLimit - Math.floor(state.historyLimit / 10) - 1;
  return state.history >= afterDrop || (state.start !== null && state.history < state.start.history);
}

/** How long the server waits for the borrowed pipe's count once the tail has signalled. */
const COUNT_WAIT_MS = 1500;
const COUNT_POLL_MS = 25;

/** The busy-pane error of a claim another run won (docs/reference/tools.md#run_command): names that run. */
async function paneHeld(engine: TmuxEngine, paneId: string): Promise<Error> {
  const [holder = ''] = await engine.run(['show-options', '-pqv', '-t', paneId, RUN_LOCK]).catch(() => ['']);
  if (!/^[0-9a-f]{10}$/.test(holder))
    return new PaneNotAtPrompt(`Pane ${paneId} was taken by another run_command at the same moment; nothing was typed`, {
      suggestion: 'Look at the pane with capture_pane before running the command again.',
    });
  return new PaneNotAtPrompt(`Pane ${paneId} is still running an earlier run_command (r_${holder}); nothing was typed`, {
    suggestion: 'Wait for it with wait_for_idle, or interrupt it with send_keys C-c, then retry.',
  });
}

const paneGone = (paneId: string) => (err: unknown) => {
  throw err instanceof LibTmuxException && /can't find pane/.test(err.message) ? new PaneNotFound(`Pane not found: ${paneId}`) : err;
};

/**
 * The run_command mechanism (docs/reference/engine.md#run_command-mechanism): a subshell wrapper
 * typed into the pane records the cursor before and after the command, stores `$?` in a pane user
 * option and signals a private wait-for channel; we block on a killable `tmux wait-for` child
 * (docs/reference/engine.md#blocking-wait-for), then read the status and the command's own output:
 * the rows between the two cursor marks (docs/reference/engine.md#run-output).
 */
@injectable()
export class RunCommandRunner {
  constructor(private readonly reaper: RunCommandReaper) {}

  async run(engine: TmuxEngine, paneId: string, req: RunCommandRequest): Promise<RunCommandResult> {
    const ids = newRunIds();
    const callStart = performance.now();
    const deadline = callStart + req.effectiveTimeout * 1000;
    // Only a shell at its prompt is typed into (docs/reference/tools.md#run_command).
    const kind = await waitForPrompt(engine, paneId, deadline, req.effectiveTimeout, req.signal);
    if (kind === null) throw new RunCommandCancelled(`run_command was cancelled; nothing was typed in pane ${paneId}`);
    const line = typedLine(kind, engine.argvPrefix(), paneId, ids, req.command, req.suppressHistory);
    const entry = this.reaper.begin(engine, paneId, ids);
    const t0 = performance.now();
    const expiry = (deadline - t0) / 1000 + EXPIRY_GRACE_SECONDS;
    try {
      // The pane's lock, gate, claim and tail first, then the keys, then a separate Enter (so the
      // literal line can never swallow it), in one atomic command list: when another run holds the
      // pane, the lock fails and nothing after it runs (docs/reference/engine.md#run-claim).
      await runList(
        engine,
        [...setupCommands(paneId, ids, expiry, engine.argvPrefix()), sendKeysArgv(paneId, line, true, false), enterArgv(paneId)],
        { atomic: true },
      );
    } catch (err) {
      if (err instanceof LibTmuxException && isLockHeld(err.message)) {
        this.reaper.end(entry); // nothing of this run was set or typed
        throw await paneHeld(engine, paneId);
      }
      // Maybe typed but not entered: disarm it; if that fails, the reaper watches it.
      if (!(await this.reaper.cancel(entry).catch(() => false))) this.reaper.adopt(entry);
      else this.reaper.end(entry);
      throw err;
    }

    const stopBeat = startHeartbeat(req.progress, callStart, req.effectiveTimeout, (signal) =>
      paneLastLine(engine, paneId, { timeoutMs: 1000, signal }),
    );
    let outcome;
    try {
      outcome = await waitForChannel(engine, ids.channel, {
        signal: AbortSignal.any([req.signal, entry.stop.signal]),
        timeoutMs: Math.max(0, deadline - performance.now()),
      });
    } finally {
      stopBeat();
    }
    const elapsed = round3(secondsSince(callStart));

    if (outcome.outcome !== 'signalled') {
      // Whoever unlocks the gate first wins: if we do, the line never runs, whenever the shell reads it.
      if (await this.reaper.cancel(entry).catch(() => false)) {
        this.reaper.end(entry);
        if (outcome.outcome === 'timeout')
          throw new RunDidNotStart(
            paneId,
            req.effectiveTimeout,
            "The pane's shell did not read the line in time (still starting, or busy).",
          );
        if (outcome.outcome === 'aborted')
          throw new RunCommandCancelled(`run_command was cancelled; the command did not start in pane ${paneId} and will not run`);
      }
    }
    if (outcome.outcome === 'aborted') {
      this.reaper.adopt(entry);
      throw new RunCommandCancelled(`run_command was cancelled; the command keeps running in pane ${paneId}`);
    }
    if (outcome.outcome === 'error') {
      this.reaper.adopt(entry);
      if (isHostError(outcome.error)) throw outcome.error;
      throw new ExpectedToolError(`wait-for failed for run_command channel '${ids.channel}': ${outcome.stderr}`);
    }

    const timedOut = outcome.outcome === 'timeout';
    let state: RunState;
    try {
      // The state and, once the command is over, the cleanup of our options: one batch.
      const cleanup = timedOut ? [] : runOptions(ids).map((o) => ['set-option', '-p', '-u', '-t', paneId, o]);
      const read = ['display-message', '-p', '-t', paneId, stateFormat(ids)];
      const [lines] = await runList(engine, [read]).catch(paneGone(paneId));
      state = this.parseState(lines, paneId);
      if (!timedOut && state.piped && state.printed === null && mayHaveLostLines(state))
        state.printed = await this.awaitCount(engine, paneId, ids, deadline);
      if (cleanup.length) await runList(engine, cleanup).catch(paneGone(paneId));
    } catch (err) {
      if (timedOut) this.reaper.adopt(entry);
      else this.reaper.end(entry);
      throw err;
    }
    if (timedOut) this.reaper.adopt(entry);
    else this.reaper.end(entry);

    let exitStatus: number | null = null;
    if (!timedOut) {
      if (!/^-?\d+$/.test(state.status.trim())) throw new ExpectedToolError(`run_command could not read exit status from '${ids.option}'`);
      exitStatus = Number(state.status.trim());
    }
    const { lines, lost, lostIsLowerBound } = await this.output(engine, paneId, ids, state, timedOut);
    const budgeted = budgetOutput(lines, req.maxLines, lost, lostIsLowerBound);
    return {
      pane_id: paneId,
      exit_status: exitStatus,
      timed_out: timedOut,
      elapsed_seconds: elapsed,
      output: budgeted.output,
      output_truncated: budgeted.truncated,
      output_truncated_lines: budgeted.omitted,
      effective_timeout: req.effectiveTimeout,
    };
  }

  private parseState(lines: readonly string[], paneId: string): RunState {
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

  /**
   * The borrowed pipe's count (docs/reference/engine.md#run-line-count): the pipe sees the end
   * marker when tmux reads it from the pane, which may come just after the tail's signal. Bounded
   * by COUNT_WAIT_MS and by the call's deadline + 1 s; null when it did not come.
   */
  private async awaitCount(engine: TmuxEngine, paneId: string, ids: RunIds, deadline: number): Promise<number | null> {
    const until = Math.min(performance.now() + COUNT_WAIT_MS, deadline + 1000);
    for (;;) {
      const [v = ''] = await engine.run(['display-message', '-p', '-t', paneId, `#{${ids.count}}`], { timeoutMs: COUNT_WAIT_MS });
      if (/^\d+$/.test(v)) return Number(v);
      if (performance.now() >= until) return null;
      await new Promise((r) => setTimeout(r, COUNT_POLL_MS));
    }
  }

  /**
   * The command's own output (docs/reference/engine.md#run-output). A run that timed out is read
   * up to where its output has got so far.
   */
  private async output(
    engine: TmuxEngine,
    paneId: string,
    ids: RunIds,
    state: RunState,
    timedOut: boolean,
  ): Promise<{ lines: string[]; lost: number; lostIsLowerBound: boolean }> {
    const end = state.end ?? (timedOut ? state.cursor : null);
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
      // The typed line's echo (its last line names our tail option) sits just above the output.
      const echo = joined.findIndex((l) => l.includes(`#{${ids.tail}}`));
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
}
