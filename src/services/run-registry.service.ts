import { inject, injectable } from 'tsyringe';
import type { Logger } from 'winston';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { LOGGER_FACTORY } from '../framework/tokens';
import { safeRepr, safeText } from '../framework/validation/safe-repr';
import type { RunCommandResult, RunStateName } from '../models/run-command-result.model';
import { runList, serverKeyId, type TmuxEngine } from '../tmux/tmux-engine';
import { PaneNotFound } from '../tmux/tmux-errors';
import { InputProbe, type InputState } from './input-probe.service';
import { paneLastLine, PROGRESS_LINE_MAX } from './pane-progress';
import { hostError } from './tmux-error.mapper';
import { round3 } from './progress-heartbeat';
import type { RunIds } from './run-command-wrapper';
import { disarmRun, unsetRunOptions, finishedRunOptions } from './run-disarm';
import { CHECK_MS, RunFollower } from './run-follower';
import type { InBandRun } from './run-inband';
import { budgetSource, allLines, keepOutput, keptLines, type KeptOutput } from './run-output';
import { exitStatusOf, readOutput, readState, type RunState } from './run-readback';
import { TypedPanes } from './typed-panes.service';

/** Finished runs are kept this long after they ended (docs/reference/tools.md#wait_for_run)… */
export const KEEP_FINISHED_MS = 60 * 60 * 1000;
/** …and at most this many per server process, the oldest dropped first. */
export const MAX_FINISHED = 200;
/** A run counts as waiting for input once it has waited this long (docs/reference/tools.md#run_command). */
export const WAITING_AFTER_MS = 500;
/** How often runs someone waits on or watches are probed for input (docs/reference/engine.md#waiting-for-input). */
const PROBE_MS = 250;
/** The same on the subprocess engine, where a probe may cost a process. */
const PROBE_EXEC_MS = 500;

/** A run as the registry learns it (docs/architecture.md#long-work): its line was typed and the pane's run lock is its. */
export interface ClaimedRun {
  readonly engine: TmuxEngine;
  readonly paneId: string;
  readonly ids: RunIds;
  readonly command: string;
  /** performance.now() when the line was typed. */
  readonly typedAt: number;
  /** The pane's shell process and terminal (readiness read them), for the input probe; pid 0: unknown. */
  readonly proc: { readonly panePid: number; readonly paneTty: string };
  /** The run's output as the engine sees it, when it does (docs/reference/engine.md#in-band-run-end). */
  readonly inBand?: InBandRun | null;
}

/** One run from its claim to its end, and after (docs/reference/tools.md#wait_for_run). */
export class RunRecord {
  readonly runId: string;
  readonly startedAt = Date.now();
  state: RunStateName = 'running';
  endedAt: number | null = null;
  endedPerf: number | null = null;
  exitStatus: number | null = null;
  kept: KeptOutput | null = null;
  /** The command ended on the alternate screen. */
  endAlternate = false;
  /** Why following the run ended without its end (connection lost, pane gone). */
  error: Error | null = null;
  /** performance.now() since when the probe has seen the run waiting for input without a break. */
  waitingSince: number | null = null;
  /** Calls and subscriptions that want waiting-for-input seen: while any, the run is probed. */
  interest = 0;
  readonly listeners = new Set<() => void>();
  follower: RunFollower | null = null;

  constructor(readonly run: ClaimedRun) {
    this.runId = `r_${run.ids.id}`;
  }

  get engine(): TmuxEngine {
    return this.run.engine;
  }
  get paneId(): string {
    return this.run.paneId;
  }
  get serverKey(): string {
    return serverKeyId(this.run.engine.key);
  }
  get inFlight(): boolean {
    return this.state !== 'finished' && this.error === null;
  }
  /** Seconds from typing to the end, or to now. */
  elapsed(): number {
    return round3(((this.endedPerf ?? performance.now()) - this.run.typedAt) / 1000);
  }
}

const activeKey = (serverKey: string, paneId: string): string => `${serverKey}\u0000${paneId}`;

/** The last non-blank line, trimmed and bounded as progress messages are (docs/reference/protocol.md#progress). */
function lastNonBlank(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i].trim();
    if (l) return safeText(l, PROGRESS_LINE_MAX);
  }
  return undefined;
}

/** What a wait on a run came to. */
export type RunWaitOutcome = 'finished' | 'waiting' | 'timeout';

/** An entry of `tmux://runs` (docs/reference/resources-and-prompts.md#runs). */
export interface RunListEntry {
  run_id: string;
  pane_id: string;
  host: string | null;
  socket_name: string | null;
  command: string;
  state: RunStateName;
  started_at: string;
  ended_at: string | null;
  exit_status: number | null;
  error: string | null;
}

/**
 * The run registry (docs/architecture.md#long-work): every run_command from the moment its line
 * is claimed to its end, whichever call started it. Its input is small: a run claimed
 * (`claimed`), a run ended with its status and marks (the follower's `ended`); the calls, later
 * `wait_for_run` calls, resource reads and subscriptions only read records. A run's end is
 * recorded the moment it comes, whether or not anyone waits: its exit status and its output,
 * bounded and counted as run_command counts it. Finished runs are kept 60 minutes (200 at most).
 * Runs someone waits on or watches are probed for input every 250 ms
 * (docs/reference/engine.md#waiting-for-input).
 */
@injectable()
export class RunRegistry {
  private readonly runs = new Map<string, RunRecord>();
  /** Disarms in progress or done, by run (see disarm). */
  private readonly disarming = new WeakMap<RunRecord, Promise<boolean>>();
  /** Runs in flight by tmux server and pane (`serverKey NUL paneId`). */
  private readonly active = new Map<string, RunRecord>();
  /** Finished (or failed) runs, oldest first. */
  private readonly done: RunRecord[] = [];
  private readonly log: Logger;
  private probeTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private probing = false;
  private closed = false;
  /** Setups in flight (the batch that types a run's line, up to its claim): the shutdown waits for them. */
  private readonly setups = new Set<Promise<void>>();
  private readonly offTyped: () => void;
  /** Told of every change of any run: a run claimed, disarmed, changing state or dropped (`tmux://runs`). */
  private readonly anyListeners = new Set<() => void>();

  constructor(
    private readonly probe: InputProbe,
    typed: TypedPanes,
    @inject(LOGGER_FACTORY) loggers: (name: string) => Logger,
  ) {
    this.log = loggers('tmux_mcp.runs');
    // The agent answered (send_keys, paste): the run reads what was typed, so it waits afresh.
    this.offTyped = typed.onTyped((serverKey, paneId) => {
      const rec = this.inFlight(serverKey, paneId);
      if (!rec) return;
      rec.waitingSince = null;
      if (rec.state === 'waiting_for_input') this.setState(rec, 'running');
    });
  }

  /**
   * A run's setup begins (docs/reference/engine.md#run_command-leftovers): call the returned
   * function once its batch has failed or the run is claimed. Null once the shutdown began:
   * nothing may be typed any more. The shutdown waits for the setups in flight, so a line that
   * tmux typed while the server was stopping is claimed, then disarmed with the others.
   */
  beginSetup(): (() => void) | null {
    if (this.closed) return null;
    let done!: () => void;
    const p = new Promise<void>((resolve) => (done = resolve));
    this.setups.add(p);
    return () => {
      this.setups.delete(p);
      done();
    };
  }

  /** A run's line was typed and its claim of the pane taken: follow it to its end from now on. */
  claimed(run: ClaimedRun): RunRecord {
    const rec = new RunRecord(run);
    this.runs.set(rec.runId, rec);
    this.active.set(activeKey(rec.serverKey, rec.paneId), rec);
    rec.follower = new RunFollower(
      run.engine,
      run.paneId,
      run.ids,
      {
        ended: (state, cleanup) => void this.ended(rec, state, cleanup),
        failed: (err) => this.failed(rec, err),
      },
      run.inBand ?? null,
    );
    if (!this.closed) {
      rec.follower.start();
      this.scheduleChecks();
    } else run.inBand?.close();
    this.notifyAny();
    return rec;
  }

  /** The followers' pane checks, every CHECK_MS while any run is followed: one batch per tmux server. */
  private scheduleChecks(): void {
    if (this.checkTimer || this.closed) return;
    this.checkTimer = setInterval(() => void this.checkAll(), CHECK_MS);
    this.checkTimer.unref();
  }

  private async checkAll(): Promise<void> {
    const followers = [...this.runs.values()].flatMap((r) => (r.follower ? [r.follower] : []));
    if (followers.length === 0) {
      if (this.checkTimer) clearInterval(this.checkTimer);
      this.checkTimer = null;
      return;
    }
    const byEngine = new Map<TmuxEngine, RunFollower[]>();
    for (const f of followers) byEngine.set(f.on, [...(byEngine.get(f.on) ?? []), f]);
    await Promise.all(
      [...byEngine].map(async ([engine, fs]) => {
        try {
          const out = await runList(
            engine,
            fs.map((f) => f.checkArgv()),
            { timeoutMs: CHECK_MS * 2 },
          );
          fs.forEach((f, i) => f.checked(out[i]?.[0] ?? ''));
        } catch {
          // One failed command fails the batch: ask each alone, so a gone pane is told apart.
          await Promise.all(
            fs.map((f) =>
              engine.run(f.checkArgv(), { timeoutMs: CHECK_MS * 2 }).then(
                (l) => f.checked(l[0] ?? ''),
                (err: unknown) => f.checkFailed(err),
              ),
            ),
          );
        }
      }),
    );
  }

  /**
   * The line of a run was disarmed before its shell read it (docs/reference/engine.md#run-claim):
   * the run never started and is forgotten.
   */
  disarmed(rec: RunRecord): void {
    rec.follower?.halt();
    this.runs.delete(rec.runId);
    this.deactivate(rec);
    this.notifyAny();
  }

  /**
   * Disarms the run's line if its shell has not read it yet; true when the command will never run.
   * One attempt per run at a time, shared by its caller and the shutdown: at stdin's end both try,
   * and the one that loses the gate must still say that the line will not run.
   */
  async disarm(rec: RunRecord): Promise<boolean> {
    if (!this.disarming.has(rec) && !rec.inFlight) return false;
    if (!(await this.disarmOnce(rec))) return false;
    if (this.runs.get(rec.runId) === rec) this.disarmed(rec);
    return true;
  }

  /** The disarm of `rec` in progress or done (true); a failed one is forgotten, so it may be tried again. */
  private disarmOnce(rec: RunRecord): Promise<boolean> {
    let p = this.disarming.get(rec);
    if (!p) {
      p = disarmRun(rec.engine, rec.paneId, rec.run.ids).then(
        (ok) => (ok || this.disarming.delete(rec), ok),
        (err: unknown) => {
          this.disarming.delete(rec);
          throw err;
        },
      );
      this.disarming.set(rec, p);
    }
    return p;
  }

  /**
   * The run's end, as its follower read it: status, marks and output are recorded once the output
   * is read and the run's options are unset (`cleanup`, in flight beside the read).
   */
  private async ended(rec: RunRecord, state: RunState, cleanup: Promise<void>): Promise<void> {
    try {
      rec.exitStatus = exitStatusOf(state, rec.run.ids);
      const [out] = await Promise.all([readOutput(rec.engine, rec.paneId, rec.run.ids, state, false), cleanup]);
      rec.kept = keepOutput(out.lines, out.lost, out.lostIsLowerBound);
      rec.endAlternate = state.end?.alternate ?? false;
    } catch (err) {
      return this.failed(rec, err instanceof Error ? err : new Error(String(err)));
    }
    rec.endedAt = Date.now();
    rec.endedPerf = performance.now();
    rec.waitingSince = null;
    rec.follower = null;
    this.retire(rec);
    this.setState(rec, 'finished');
    if (this.log.isLevelEnabled('debug')) this.log.debug(`${rec.runId} in ${rec.paneId} finished with status ${rec.exitStatus}`);
  }

  /** Following ended without the run's end: the record keeps its last state and says why. */
  private failed(rec: RunRecord, err: Error): void {
    if (rec.error || rec.state === 'finished') return;
    // A host's failure in the words a tool call would use (docs/reference/errors.md#remote-host-errors).
    rec.error = hostError(err) ?? err;
    rec.endedAt = Date.now();
    rec.endedPerf = performance.now();
    rec.follower = null;
    this.retire(rec);
    // A pane closed under its run is routine; anything else is worth a warning.
    const level = err instanceof PaneNotFound ? 'info' : 'warn';
    this.log.log(level, `stopped following ${rec.runId} in ${rec.paneId}: ${err.message}`);
    this.notify(rec);
  }

  private deactivate(rec: RunRecord): void {
    const key = activeKey(rec.serverKey, rec.paneId);
    if (this.active.get(key) === rec) this.active.delete(key);
  }

  /** Moves a run to the finished list and drops what is past the bounds. */
  private retire(rec: RunRecord): void {
    this.deactivate(rec);
    this.done.push(rec);
    this.prune();
  }

  private prune(): void {
    let dropped = false;
    const horizon = Date.now() - KEEP_FINISHED_MS;
    while (this.done.length > MAX_FINISHED || (this.done.length > 0 && (this.done[0].endedAt ?? 0) < horizon)) {
      const old = this.done.shift()!;
      if (this.runs.get(old.runId) === old) this.runs.delete(old.runId);
      dropped = true;
    }
    if (dropped) this.notifyAny();
  }

  /** A run this server knows, or undefined (never started here, dropped, or another process's). */
  get(runId: string): RunRecord | undefined {
    this.prune();
    return this.runs.get(runId);
  }

  /** A known run, else the expected error naming it (docs/reference/tools.md#wait_for_run). */
  require(runId: string): RunRecord {
    const rec = this.get(runId);
    if (!rec)
      throw new ExpectedToolError(`Unknown run: ${safeRepr(runId)}`, {
        suggestion: `Runs are kept ${KEEP_FINISHED_MS / 60_000} minutes after they end (at most ${MAX_FINISHED}), by the server process that started them: list them with the resource tmux://runs.`,
      });
    return rec;
  }

  /** The run in flight in a pane of a tmux server (serverKeyId), if this server started one. */
  inFlight(serverKey: string, paneId: string): RunRecord | undefined {
    if (this.active.size === 0) return undefined;
    const rec = this.active.get(activeKey(serverKey, paneId));
    return rec?.inFlight ? rec : undefined;
  }

  /** Whether any run of this server is in flight (a cheap check for the listings). */
  anyInFlight(): boolean {
    return this.active.size > 0;
  }

  /** The run in flight whose id (10 hex digits, as in the pane's options) is `id`. */
  byId(id: string): RunRecord | undefined {
    return this.get(`r_${id}`);
  }

  /** Every run this server knows, newest first (docs/reference/resources-and-prompts.md#runs). */
  list(): RunListEntry[] {
    this.prune();
    return [...this.runs.values()]
      .sort((a, b) => b.startedAt - a.startedAt || (b.run.typedAt > a.run.typedAt ? 1 : -1))
      .map((r) => ({
        run_id: r.runId,
        pane_id: r.paneId,
        host: r.engine.key.host,
        socket_name: r.engine.key.socketName,
        command: r.run.command,
        state: r.state,
        started_at: new Date(r.startedAt).toISOString(),
        ended_at: r.endedAt === null ? null : new Date(r.endedAt).toISOString(),
        exit_status: r.exitStatus,
        error: r.error ? r.error.message : null,
      }));
  }

  /**
   * Calls `changed` on each change of the run's state (and when following fails), while it lives;
   * with `probe`, the run is also probed for input meanwhile (a subscription). Returns the stop function.
   */
  listen(rec: RunRecord, changed: () => void, probe = false): () => void {
    rec.listeners.add(changed);
    if (probe) this.addInterest(rec);
    let on = true;
    return () => {
      if (!on) return;
      on = false;
      rec.listeners.delete(changed);
      if (probe) this.dropInterest(rec);
    };
  }

  /**
   * Waits until the run has finished, or (with `returnOnInput`) waits for input, or `deadline`
   * (performance.now() ms) passes, or `signal` aborts (then rejects with its reason). A run whose
   * following failed rejects with that error.
   */
  async wait(rec: RunRecord, opts: { deadline: number; returnOnInput: boolean; signal: AbortSignal }): Promise<RunWaitOutcome> {
    const settled = (): RunWaitOutcome | null => {
      if (rec.state === 'finished') return 'finished';
      if (rec.error) throw rec.error;
      if (opts.returnOnInput && rec.state === 'waiting_for_input') return 'waiting';
      return null;
    };
    // A waiting state may be over (a person typed the answer in the pane): look again before returning on it.
    if (opts.returnOnInput && rec.state === 'waiting_for_input') await this.refresh(rec);
    const now = settled();
    if (now) return now;
    if (opts.returnOnInput) this.addInterest(rec);
    try {
      return await new Promise<RunWaitOutcome>((resolve, reject) => {
        const finish = (fn: () => void) => {
          clearTimeout(timer);
          opts.signal.removeEventListener('abort', onAbort);
          off();
          fn();
        };
        const onChange = () => {
          try {
            const s = settled();
            if (s) finish(() => resolve(s));
          } catch (err) {
            finish(() => reject(err instanceof Error ? err : new Error(String(err))));
          }
        };
        const onAbort = () =>
          finish(() => reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('the wait was aborted')));
        const off = this.listen(rec, onChange);
        const timer = setTimeout(() => finish(() => resolve('timeout')), Math.max(0, opts.deadline - performance.now()));
        opts.signal.addEventListener('abort', onAbort, { once: true });
        if (opts.signal.aborted) onAbort();
      });
    } finally {
      if (opts.returnOnInput) this.dropInterest(rec);
    }
  }

  /**
   * The run_command result of the run now (docs/reference/tools.md#runcommandresult): a finished
   * run from its record (the same every time), a run in flight from the pane (its output so far).
   * `timedOut`: the call that asks waited its whole timeout.
   */
  async result(
    rec: RunRecord,
    opts: { maxLines: number | null; effectiveTimeout: number; timedOut: boolean; probeNow?: boolean },
  ): Promise<RunCommandResult> {
    if (rec.state === 'finished' && rec.kept) {
      const b = budgetSource(keptLines(rec.kept), opts.maxLines, rec.kept.lost, rec.kept.lostIsLowerBound);
      return this.shape(rec, 'finished', opts, {
        exit: rec.exitStatus,
        output: b.output,
        truncated: b.truncated,
        omitted: b.omitted,
        alternate: rec.endAlternate,
        timedOut: false,
        prompt: null,
      });
    }
    if (rec.error) throw rec.error;
    const state = await readState(rec.engine, rec.paneId, rec.run.ids);
    const out = await readOutput(rec.engine, rec.paneId, rec.run.ids, state, true);
    const b = budgetSource(allLines(out.lines), opts.maxLines, out.lost, out.lostIsLowerBound);
    // A call that timed out says whether the run waits for input now (docs/reference/tools.md#run_command).
    let name: RunStateName = rec.state === 'finished' ? 'running' : rec.state;
    if ((opts.timedOut || opts.probeNow) && name === 'running' && (await this.waitingNow(rec))) name = 'waiting_for_input';
    // The question is the last line the command printed; a full-screen program's is the last row of its screen.
    const prompt = name === 'waiting_for_input' ? (lastNonBlank(out.lines) ?? (await paneLastLine(rec.engine, rec.paneId)) ?? null) : null;
    return this.shape(rec, name, opts, {
      exit: null,
      output: b.output,
      truncated: b.truncated,
      omitted: b.omitted,
      alternate: state.cursor.alternate,
      timedOut: opts.timedOut,
      prompt,
    });
  }

  private shape(
    rec: RunRecord,
    state: RunStateName,
    opts: { effectiveTimeout: number },
    r: {
      exit: number | null;
      output: string[];
      truncated: boolean;
      omitted: number;
      alternate: boolean;
      timedOut: boolean;
      prompt: string | null;
    },
  ): RunCommandResult {
    return {
      pane_id: rec.paneId,
      run_id: rec.runId,
      state,
      exit_status: r.exit,
      timed_out: r.timedOut,
      elapsed_seconds: rec.elapsed(),
      output: r.output,
      output_truncated: r.truncated,
      output_truncated_lines: r.omitted,
      alternate_screen: r.alternate,
      prompt: r.prompt,
      effective_timeout: opts.effectiveTimeout,
    };
  }

  /** The busy-pane text of a run of this server (docs/reference/tools.md#run_command). */
  describeBusy(rec: RunRecord): { message: string; suggestion: string } {
    const ago = Math.max(0, Math.round((Date.now() - rec.startedAt) / 1000));
    return {
      message: `Pane ${rec.paneId} is still running ${rec.runId} (${safeRepr(rec.run.command, 80)}, started ${ago} s ago); nothing was typed`,
      suggestion: `Collect it with wait_for_run (run_id '${rec.runId}'), or interrupt it with send_keys C-c. Do not simply run the command again: the earlier one may not be safe to repeat.`,
    };
  }

  // --- waiting for input (docs/reference/engine.md#waiting-for-input) ---

  private addInterest(rec: RunRecord): void {
    rec.interest++;
    this.scheduleProbe(0);
  }

  private dropInterest(rec: RunRecord): void {
    rec.interest = Math.max(0, rec.interest - 1);
  }

  private scheduleProbe(ms: number): void {
    if (this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      void this.probeRound();
    }, ms);
    this.probeTimer.unref();
  }

  /** One look at every run someone waits on or watches, one probe per tmux server. */
  private async probeRound(): Promise<void> {
    if (this.probing) return;
    const wanted = [...this.runs.values()].filter((r) => r.inFlight && r.interest > 0);
    if (wanted.length === 0) return;
    this.probing = true;
    const byServer = new Map<string, RunRecord[]>();
    for (const r of wanted) byServer.set(r.serverKey, [...(byServer.get(r.serverKey) ?? []), r]);
    try {
      await Promise.all([...byServer.values()].map((recs) => this.probeServer(recs)));
    } finally {
      this.probing = false;
      const exec = wanted.some((r) => !r.engine.hasEvents);
      if ([...this.runs.values()].some((r) => r.inFlight && r.interest > 0)) this.scheduleProbe(exec ? PROBE_EXEC_MS : PROBE_MS);
    }
  }

  private async probeServer(recs: RunRecord[]): Promise<void> {
    let states: Map<string, InputState>;
    try {
      states = await this.lookAt(recs[0].engine, recs);
    } catch (err) {
      this.log.debug(`input probe failed: ${(err as Error).message}`);
      return;
    }
    for (const r of recs) this.apply(r, states.get(r.paneId));
  }

  /** The run waits for input when its job (not the pane's shell) reads the terminal. */
  private static waits(s: InputState | undefined): boolean | null {
    if (!s || s.waiting === null) return null;
    return s.waiting && s.shellForeground === false;
  }

  private apply(rec: RunRecord, s: InputState | undefined): void {
    if (!rec.inFlight) return;
    const waits = RunRegistry.waits(s);
    if (waits === null) return;
    const now = performance.now();
    if (!waits) {
      rec.waitingSince = null;
      if (rec.state === 'waiting_for_input') this.setState(rec, 'running');
      return;
    }
    rec.waitingSince ??= now;
    if (rec.state === 'running' && now - rec.waitingSince >= WAITING_AFTER_MS) this.setState(rec, 'waiting_for_input');
  }

  /**
   * One look at runs of one tmux server: from the pane pid and tty readiness read (no tmux call for
   * a local pane), or, where those are unknown, reading them first.
   */
  private lookAt(engine: TmuxEngine, recs: readonly RunRecord[], timeoutMs = 3000): Promise<Map<string, InputState>> {
    if (recs.every((r) => r.run.proc.panePid > 0 && r.run.proc.paneTty !== ''))
      return this.probe.probe(
        engine,
        recs.map((r) => ({ paneId: r.paneId, ...r.run.proc })),
        { timeoutMs },
      );
    return this.probe.probePanes(
      engine,
      recs.map((r) => r.paneId),
      { timeoutMs },
    );
  }

  /** One look at the run now, applied to its state as a round's look would be. */
  private async refresh(rec: RunRecord): Promise<void> {
    try {
      const states = await this.lookAt(rec.engine, [rec], 2000);
      this.apply(rec, states.get(rec.paneId));
    } catch (err) {
      this.log.debug(`input probe failed: ${(err as Error).message}`);
    }
  }

  /** One look now: does the run wait for input? (false when unknown). */
  private async waitingNow(rec: RunRecord): Promise<boolean> {
    try {
      const states = await this.lookAt(rec.engine, [rec], 2000);
      return RunRegistry.waits(states.get(rec.paneId)) === true;
    } catch {
      return false;
    }
  }

  private setState(rec: RunRecord, state: RunStateName): void {
    if (rec.state === state) return;
    rec.state = state;
    this.notify(rec);
  }

  private notify(rec: RunRecord): void {
    for (const l of [...rec.listeners, ...this.anyListeners]) this.call(l);
  }

  private notifyAny(): void {
    for (const l of [...this.anyListeners]) this.call(l);
  }

  private call(l: () => void): void {
    try {
      l();
    } catch (err) {
      this.log.debug(`run listener failed: ${(err as Error).message}`);
    }
  }

  /** Calls `changed` on any change of the runs this server knows (`tmux://runs`). Returns the stop function. */
  listenAll(changed: () => void): () => void {
    this.anyListeners.add(changed);
    return () => void this.anyListeners.delete(changed);
  }

  /** Runs followed right now (tests, diagnostics). */
  following(): number {
    return [...this.runs.values()].filter((r) => r.follower !== null).length;
  }

  /**
   * Shutdown (docs/reference/engine.md#run_command-leftovers): every follower's `wait-for` child is
   * killed, every line that has not started is disarmed, and the status and marks of runs that
   * started are unset where they are set; a started run's tail cleans up after itself.
   */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.offTyped();
    if (this.probeTimer) clearTimeout(this.probeTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    // A batch in flight may have typed its line already: its run is claimed (not followed) first.
    // Each is bounded by its command deadline, and the whole stop by the CLI's grace period.
    if (this.setups.size) {
      this.log.info(`shutdown: waiting for ${this.setups.size} run setup(s) in flight`);
      await Promise.all([...this.setups]);
    }
    const live = [...this.runs.values()].filter((r) => r.follower !== null);
    for (const r of live) r.follower?.halt();
    await Promise.allSettled(
      live.map(async (r) => {
        if (!(await this.disarmOnce(r).catch(() => false)))
          await unsetRunOptions(r.engine, r.paneId, finishedRunOptions(r.run.ids)).catch(() => undefined);
      }),
    );
  }
}
