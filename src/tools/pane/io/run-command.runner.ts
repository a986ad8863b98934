import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ProgressReporter } from '../../../framework/pipeline/call-context';
import { RunCommandResult } from '../../../models/run-command-result.model';
import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { LibTmuxException, PaneNotFound } from '../../../tmux/tmux-errors';
import { waitForChannel } from '../../../tmux/wait-for';
import { enterArgv, sendKeysArgv } from './send-keys-argv';
import { round3, secondsSince, startHeartbeat } from './progress-heartbeat';
import { RunCommandReaper } from '../../../services/run-command-reaper.service';
import { buildPayload, cleanOutput, newRunIds, payloadContinuations, tailLines, wrapperTail } from '../../../services/run-command-wrapper';

export interface RunCommandRequest {
  readonly command: string;
  /** min(timeout, wait ceiling), seconds. */
  readonly effectiveTimeout: number;
  readonly suppressHistory: boolean;
  readonly maxLines: number | null;
  readonly signal: AbortSignal;
  readonly progress: ProgressReporter;
}

/** The request was cancelled (or the server is shutting down); the command keeps running. */
export class RunCommandCancelled extends ExpectedToolError {}

/**
 * The run_command mechanism (docs/reference/engine.md#run_command-mechanism): a subshell wrapper
 * typed into the pane that stores `$?` in a pane user option and signals a private wait-for
 * channel; we block on a killable `tmux wait-for` child
 * (docs/reference/engine.md#blocking-wait-for), then read the status and the visible screen.
 */
@injectable()
export class RunCommandRunner {
  constructor(private readonly reaper: RunCommandReaper) {}

  async run(engine: TmuxEngine, paneId: string, req: RunCommandRequest): Promise<RunCommandResult> {
    const ids = newRunIds();
    const tail = wrapperTail(engine.argvPrefix(), paneId, ids);
    const payload = buildPayload(req.command, req.suppressHistory, tail);
    const entry = this.reaper.begin(engine, paneId, ids);
    const t0 = performance.now();
    let typed = false;
    try {
      await engine.run(sendKeysArgv(paneId, payload, true, false));
      typed = true;
      await engine.run(enterArgv(paneId));
    } catch (err) {
      // Typed but not entered: someone may still press Enter, so the reaper watches it.
      if (typed) this.reaper.adopt(entry);
      else this.reaper.end(entry);
      throw err;
    }

    const stopBeat = startHeartbeat(req.progress, t0, req.effectiveTimeout);
    let outcome;
    try {
      const remainingMs = Math.max(0, req.effectiveTimeout * 1000 - (performance.now() - t0));
      outcome = await waitForChannel(engine.argvPrefix(), ids.channel, {
        signal: AbortSignal.any([req.signal, entry.stop.signal]),
        timeoutMs: remainingMs,
      });
    } finally {
      stopBeat();
    }
    const elapsed = round3(secondsSince(t0));

    if (outcome.outcome === 'aborted') {
      this.reaper.adopt(entry);
      throw new RunCommandCancelled(`run_command was cancelled; the command keeps running in pane ${paneId}`);
    }
    if (outcome.outcome === 'error') {
      this.reaper.adopt(entry);
      throw new ExpectedToolError(`wait-for failed for run_command channel '${ids.channel}': ${outcome.stderr}`);
    }

    let exitStatus: number | null = null;
    const timedOut = outcome.outcome === 'timeout';
    if (timedOut) this.reaper.adopt(entry);
    else {
      try {
        exitStatus = await this.readStatus(engine, paneId, ids.option);
      } finally {
        await engine.run(['set-option', '-p', '-u', '-t', paneId, ids.option]).catch(() => undefined);
        this.reaper.end(entry);
      }
    }

    // A command that closed its own pane never reaches the wrapper: report the pane as gone.
    const rows = await engine.run(['capture-pane', '-p', '-J', '-t', paneId]).catch((err: unknown) => {
      throw err instanceof LibTmuxException && /can't find pane/.test(err.message) ? new PaneNotFound(`Pane not found: ${paneId}`) : err;
    });
    const { lines, dropped } = tailLines(cleanOutput(rows, ids, tail, payloadContinuations(payload)), req.maxLines);
    return {
      pane_id: paneId,
      exit_status: exitStatus,
      timed_out: timedOut,
      elapsed_seconds: elapsed,
      output: lines,
      output_truncated: dropped > 0,
      output_truncated_lines: dropped,
      effective_timeout: req.effectiveTimeout,
    };
  }

  private async readStatus(engine: TmuxEngine, paneId: string, option: string): Promise<number> {
    const fail = (cause?: unknown) => new ExpectedToolError(`run_command could not read exit status from '${option}'`, { cause });
    let value: string;
    try {
      value = (await engine.run(['show-option', '-p', '-v', '-t', paneId, option]))[0] ?? '';
    } catch (err) {
      if (err instanceof LibTmuxException) throw fail(err);
      throw err;
    }
    if (!/^-?\d+$/.test(value.trim())) throw fail();
    return Number(value.trim());
  }
}
