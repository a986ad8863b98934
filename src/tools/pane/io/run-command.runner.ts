import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ProgressReporter } from '../../../framework/pipeline/call-context';
import type { RunCommandResult } from '../../../models/run-command-result.model';
import { paneLastLine } from '../../../services/pane-progress';
import { startHeartbeat } from '../../../services/progress-heartbeat';
import { PaneNotAtPrompt, RunDidNotStart, waitForPrompt } from '../../../services/run-command-readiness';
import {
  EXPIRY_GRACE_SECONDS,
  isLockHeld,
  newRunIds,
  posixWrapper,
  RUN_LOCK,
  type RunIds,
  setupCommands,
  shownTypedRow,
  typedLine,
} from '../../../services/run-command-wrapper';
import { disarmRun } from '../../../services/run-disarm';
import { InBandRun } from '../../../services/run-inband';
import { RunRegistry, type RunRecord, type RunWaitOutcome } from '../../../services/run-registry.service';
import { TypedPanes } from '../../../services/typed-panes.service';
import { runList, type TmuxEngine } from '../../../tmux/tmux-engine';
import { LibTmuxException } from '../../../tmux/tmux-errors';
import { enterArgv, sendKeysArgv } from './send-keys-argv';

/** How long a run waits for the pane's output to reach the server before it borrows the pipe instead. */
const IN_BAND_READY_MS = 3000;

export interface RunCommandRequest {
  readonly command: string;
  /** min(timeout, wait ceiling), seconds. */
  readonly effectiveTimeout: number;
  readonly suppressHistory: boolean;
  readonly maxLines: number | null;
  /** Return once the command waits for input (docs/reference/tools.md#run_command). */
  readonly returnOnInput: boolean;
  readonly signal: AbortSignal;
  readonly progress: ProgressReporter;
}

/** The request was cancelled (or the server is shutting down); the message says whether the command runs. */
export class RunCommandCancelled extends ExpectedToolError {}

/**
 * The run_command mechanism (docs/reference/engine.md#run_command-mechanism): a subshell wrapper
 * typed into the pane records the cursor before and after the command and stores `$?` in a pane
 * user option; the run registry follows the run from the claim to its end
 * (docs/architecture.md#long-work) and this call only waits on its record: for its end, for it
 * to wait for input, or for the call's timeout (docs/reference/tools.md#run_command).
 */
@injectable()
export class RunCommandRunner {
  constructor(
    private readonly runs: RunRegistry,
    private readonly typed: TypedPanes,
  ) {}

  async run(engine: TmuxEngine, paneId: string, req: RunCommandRequest): Promise<RunCommandResult> {
    const callStart = performance.now();
    const deadline = callStart + req.effectiveTimeout * 1000;
    // Only a shell at its prompt is typed into (docs/reference/tools.md#run_command).
    const shell = await waitForPrompt(engine, paneId, deadline, req.effectiveTimeout, req.signal, (id) => this.busy(paneId, id));
    if (shell === null) throw new RunCommandCancelled(`run_command was cancelled; nothing was typed in pane ${paneId}`);
    const ids = newRunIds();
    // Where the engine sees the pane's output, the server counts the run's lines and sees its end
    // itself: no pipe and no wait-for child per run (docs/reference/engine.md#in-band-run-end).
    const inBand = await InBandRun.open(engine, paneId, ids, Math.min(IN_BAND_READY_MS, deadline - performance.now()));
    const line = typedLine(shell.kind, engine.argvPrefix(), paneId, ids, req.command, req.suppressHistory);
    const wrapper = shell.kind === 'posix' ? posixWrapper(engine.argvPrefix(), paneId, ids, req.suppressHistory, inBand !== null) : null;
    const proc = { panePid: shell.panePid, paneTty: shell.paneTty };
    const expiry = (deadline - performance.now()) / 1000 + EXPIRY_GRACE_SECONDS;
    const claimed = () => this.runs.claimed({ engine, paneId, ids, command: req.command, typedAt: performance.now(), proc, inBand });
    // The server is stopping: nothing is typed any more (docs/reference/engine.md#run_command-leftovers).
    const setupDone = this.runs.beginSetup();
    if (!setupDone) {
      inBand?.close();
      throw new RunCommandCancelled(`run_command was cancelled; nothing was typed in pane ${paneId}`);
    }
    let rec: RunRecord;
    try {
      rec = await this.setUp(engine, paneId, ids, expiry, wrapper, line, inBand, claimed);
    } finally {
      setupDone();
    }
    // Output of the run is not what an earlier send_keys caused (docs/reference/tools.md#wait_for_text).
    this.typed.forget(engine, paneId);

    // The typed row shows as the prompt and the command, never the machinery (docs/reference/protocol.md#progress).
    const shown = (row: string) => shownTypedRow(row, ids, req.command);
    const stopBeat = startHeartbeat(req.progress, callStart, req.effectiveTimeout, (signal) =>
      paneLastLine(engine, paneId, { timeoutMs: 1000, signal }, shown),
    );
    let outcome: RunWaitOutcome;
    try {
      outcome = await this.runs.wait(rec, { deadline, returnOnInput: req.returnOnInput, signal: req.signal });
    } catch (err) {
      if (!req.signal.aborted) throw err;
      // Whoever unlocks the gate first wins: if we do, the line never runs, whenever the shell reads it.
      if (await this.runs.disarm(rec).catch(() => false))
        throw new RunCommandCancelled(`run_command was cancelled; the command did not start in pane ${paneId} and will not run`);
      throw new RunCommandCancelled(`run_command was cancelled; the command keeps running in pane ${paneId} as ${rec.runId}`, {
        suggestion: `wait_for_run with run_id '${rec.runId}' collects its result.`,
      });
    } finally {
      stopBeat();
    }
    if (outcome === 'timeout' && (await this.runs.disarm(rec).catch(() => false)))
      throw new RunDidNotStart(paneId, req.effectiveTimeout, "The pane's shell did not read the line in time (still starting, or busy).");
    return this.runs.result(rec, { maxLines: req.maxLines, effectiveTimeout: req.effectiveTimeout, timedOut: outcome === 'timeout' });
  }

  /**
   * Types the run's line and claims the run: the pane's lock, gate, claim and tail first, then the
   * keys, then a separate Enter (so the literal line can never swallow it), in one atomic command
   * list: when another run holds the pane, the lock fails and nothing after it runs
   * (docs/reference/engine.md#run-claim).
   */
  private async setUp(
    engine: TmuxEngine,
    paneId: string,
    ids: RunIds,
    expiry: number,
    wrapper: string | null,
    line: string,
    inBand: InBandRun | null,
    claimed: () => RunRecord,
  ): Promise<RunRecord> {
    try {
      await runList(
        engine,
        [
          ...setupCommands(paneId, ids, expiry, engine.argvPrefix(), wrapper, inBand !== null),
          sendKeysArgv(paneId, line, true, false),
          enterArgv(paneId),
        ],
        { atomic: true },
      );
    } catch (err) {
      if (err instanceof LibTmuxException && isLockHeld(err.message)) {
        inBand?.close();
        throw await this.paneHeld(engine, paneId);
      }
      // Maybe typed but not entered: disarm it; if the shell claimed it anyway, follow it.
      if (!(await disarmRun(engine, paneId, ids).catch(() => false))) claimed();
      else inBand?.close();
      throw err;
    }
    return claimed();
  }

  /** The busy-pane error for a run (10 hex id) that holds the pane (docs/reference/tools.md#run_command). */
  private busy(paneId: string, id: string): PaneNotAtPrompt {
    const rec = this.runs.byId(id);
    if (rec?.inFlight) {
      const { message, suggestion } = this.runs.describeBusy(rec);
      return new PaneNotAtPrompt(message, { suggestion });
    }
    return new PaneNotAtPrompt(`Pane ${paneId} is still running r_${id}, a run_command this server does not follow; nothing was typed`, {
      suggestion:
        'Wait for it with wait_for_idle, or interrupt it with send_keys C-c. Do not simply run the command again: the earlier one may not be safe to repeat.',
    });
  }

  /** The busy-pane error of a claim another run won: names that run. */
  private async paneHeld(engine: TmuxEngine, paneId: string): Promise<Error> {
    const [holder = ''] = await engine.run(['show-options', '-pqv', '-t', paneId, RUN_LOCK]).catch(() => ['']);
    if (!/^[0-9a-f]{10}$/.test(holder))
      return new PaneNotAtPrompt(`Pane ${paneId} was taken by another run_command at the same moment; nothing was typed`, {
        suggestion: 'Look at the pane with capture_pane before running the command again.',
      });
    return this.busy(paneId, holder);
  }
}
