import { injectable } from 'tsyringe';
import { ToolError, UnexpectedError } from '../../../framework/errors/tool-errors';
import { SendKeysOperationResult } from '../../../models/send-keys-batch-result.model';
import { runBounded } from '../../../services/channel-deadline';
import { round3, secondsSince } from '../../../services/progress-heartbeat';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxErrorMapper } from '../../../services/tmux-error.mapper';
import { TypedPanes } from '../../../services/typed-panes.service';
import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { isHostError, LibTmuxException } from '../../../tmux/tmux-errors';
import { enterArgv, sendKeysArgv } from './send-keys-argv';
import type { SendKeysOperation } from './send-keys-operation.input';

/** The whole-batch deadline (docs/reference/tools.md#send_keys_batch): `at` is a performance.now() instant. */
export interface BatchDeadline {
  readonly at: number;
  /** The caller's timeout in seconds, for the text. */
  readonly seconds: number;
  /**
   * Set once an operation ran into the deadline. Why a flag and not only the clock: a timer may
   * fire a fraction of a millisecond before performance.now() reaches `at`, and the next operation
   * must still count as starting after the deadline (elapsed 0.0,
   * docs/reference/tools.md#send_keys_batch).
   */
  expired?: boolean;
}

/** `batch execution exceeded timeout of {timeout}s`, number printed shortest (docs/reference/tools.md#numbers-in-texts). */
export const exceededText = (seconds: number): string => `batch execution exceeded timeout of ${String(seconds)}s`;

class DeadlinePassed extends Error {}

/**
 * Runs one send_keys operation of a batch and reports it as a row; failures never throw (a
 * per-operation failure is a row, docs/reference/tools.md#send_keys_batch), except cancellation of
 * the whole request.
 */
@injectable()
export class SendKeysBatchRunner {
  constructor(
    private readonly targets: TargetResolver,
    private readonly mapper: TmuxErrorMapper,
    // The server's TypedPanes when injected; a runner built by hand (a test's fake engine) gets its own.
    private readonly typed: TypedPanes = new TypedPanes(),
  ) {}

  async runOne(
    engine: TmuxEngine,
    index: number,
    op: SendKeysOperation,
    deadline: BatchDeadline | null,
    signal: AbortSignal,
  ): Promise<SendKeysOperationResult> {
    const t0 = performance.now();
    const row = (pane_id: string | null, error: string | null, elapsed = round3(secondsSince(t0))): SendKeysOperationResult => ({
      index,
      pane_id,
      success: error === null,
      error,
      elapsed_seconds: elapsed,
    });
    if (deadline && (deadline.expired || t0 >= deadline.at)) return row(null, exceededText(deadline.seconds), 0.0);

    let pane: string | null = null;
    try {
      pane = (await this.bounded(deadline, signal, () => this.targets.pane(engine, op))).pane_id;
      const argvs = [sendKeysArgv(pane, op.keys, op.literal, op.suppress_history), ...(op.enter ? [enterArgv(pane)] : [])];
      try {
        // One atomic list, as send_keys: the look the next wait_for_text counts from, the keys, the
        // Enter (docs/reference/tools.md#wait_for_text).
        const target = pane;
        await this.bounded(deadline, signal, (s) => this.typed.type(engine, target, argvs, { signal: s }));
      } catch (err) {
        // With a deadline a tmux failure reads `send-keys failed: …` (docs/reference/tools.md#send_keys_batch),
        // as libtmux-mcp words the failure of the bounded `tmux send-keys` children it runs then.
        if (deadline && err instanceof LibTmuxException && !isHostError(err))
          throw new ToolError(`send-keys failed: ${err.message}`, { cause: err });
        throw err;
      }
      return row(pane, null);
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof DeadlinePassed) {
        deadline!.expired = true;
        return row(pane, exceededText(deadline!.seconds));
      }
      return row(pane, this.errorText(err));
    }
  }

  /** Bounded by the remaining batch time (the engine kills its subprocess on abort) and by cancellation. */
  private async bounded<T>(deadline: BatchDeadline | null, signal: AbortSignal, fn: (s: AbortSignal) => Promise<T>): Promise<T> {
    if (!deadline) return fn(signal);
    const left = deadline.at - performance.now();
    if (left <= 0) throw new DeadlinePassed();
    // Race as well: a resolver call does not take a signal, and the deadline must hold regardless.
    let timer: NodeJS.Timeout | undefined;
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DeadlinePassed()), left);
    });
    try {
      const r = await Promise.race([runBounded(left, signal, fn), guard]);
      if (r.timedOut) throw new DeadlinePassed();
      return r.value;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Mapped message + "\n" + suggestion, as the error result of a direct call would read (docs/reference/tools.md#send_keys_batch). */
  private errorText(err: unknown): string {
    const te =
      err instanceof ToolError
        ? err
        : (this.mapper.map(err) ??
          new UnexpectedError(
            `Unexpected error: ${err instanceof Error ? err.name : typeof err}: ${err instanceof Error ? err.message : String(err)}`,
          ));
    return te.suggestion ? `${te.message}\n${te.suggestion}` : te.message;
  }
}
