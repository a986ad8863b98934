import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ProgressReporter } from '../framework/pipeline/call-context';
import { safeRepr } from '../framework/validation/safe-repr';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { isHostError, TmuxCommandNotFound, TmuxConnectionLost, TmuxNoServer, TmuxTimeout } from '../tmux/tmux-errors';
import { waitForChannel, type WaitForResult } from '../tmux/wait-for';
import { WaitCancelled } from './wait-bounded-engine';
import { WaitLoop } from './wait-loop';

const CHANNEL_RE = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Numbers in texts print shortest (docs/reference/tools.md#numbers-in-texts): 30 → `30`, 0.5 → `0.5`. */
export const shortest = (n: number): string => String(n);

/**
 * tmux `wait-for` channels (docs/reference/tools.md#channels). The blocking wait runs as its own
 * killable `tmux` child, never on the control connection, where it would hold every later command
 * (docs/reference/engine.md#blocking-wait-for).
 */
@injectable()
export class ChannelService {
  constructor(@inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /** `Invalid channel name: '<name>'` (value through the safe repr, docs/reference/protocol.md#safe-repr). */
  validate(channel: string): void {
    if (!CHANNEL_RE.test(channel)) throw new ExpectedToolError(`Invalid channel name: ${safeRepr(channel)}`);
  }

  /** effective = min(timeout, ceiling); no validation of <= 0 (it times out at once). */
  effectiveTimeout(timeout: number): number {
    return Math.min(timeout, this.config.waitMaxSeconds);
  }

  async wait(engine: TmuxEngine, channel: string, timeout: number, signal: AbortSignal, progress: ProgressReporter): Promise<string> {
    this.validate(channel);
    const effective = this.effectiveTimeout(timeout);
    const ch = safeRepr(channel);
    const timeoutText = `wait-for timeout: channel ${ch} was not signalled within ${shortest(effective)}s`;
    if (!(effective > 0)) throw new ExpectedToolError(timeoutText);

    const opts = {
      timeout: effective,
      tool: 'wait_for_channel',
      call: { signal, progress },
      cancelled: () => new WaitCancelled('wait_for_channel'),
    };
    const r = await WaitLoop.run(engine, opts, async (loop) => {
      // The check is the blocking child's end; the loop's end (deadline, cancellation, loss) kills it.
      let ended = null as WaitForResult | null;
      void waitForChannel(engine, channel, { signal: loop.signal }).then((x) => {
        ended = x;
        loop.poke();
      });
      // No pane to quote: the message names what is awaited (docs/reference/protocol.md#progress).
      const message = `Waiting for channel ${ch}`;
      const done = await loop.until(async () => ended !== null, { progress: async () => message });
      return done ? ended : null;
    });
    if (r === null) throw new ExpectedToolError(timeoutText);
    // A cancelled wait (or one cut by shutdown) is an expected cancellation, as every wait's
    // (docs/reference/errors.md#pane-reading-and-waiting), not an unexpected AbortError.
    if (r.outcome === 'aborted') throw new WaitCancelled('wait_for_channel');
    if (r.outcome === 'error') {
      // Host errors and a missing tmux binary keep their own errors, as everywhere else.
      if (isHostError(r.error) || r.error instanceof TmuxCommandNotFound || r.error instanceof TmuxTimeout) throw r.error;
      throw new ExpectedToolError(`wait-for failed for channel ${ch}: ${r.stderr}`);
    }
    // tmux exits 0 both when signalled and when the server goes away (kill-server): ask it,
    // within the 2 s a wait may run past its timeout (docs/reference/configuration.md#command-deadline).
    if (!(await this.serverAnswers(engine, 2000))) {
      throw new ExpectedToolError(
        `wait-for returned for channel ${ch} but the tmux server is no longer running, so the channel was probably never signalled — tmux exits 0 for both. Re-check the work you were waiting on.`,
      );
    }
    return `Channel ${ch} was signalled (timeout ${shortest(effective)}s)`;
  }

  async signal(engine: TmuxEngine, channel: string, signal: AbortSignal): Promise<string> {
    this.validate(channel);
    const ch = safeRepr(channel);
    // Bounded by the command deadline (docs/reference/configuration.md#command-deadline).
    try {
      await engine.run(['wait-for', '-S', '--', channel], { signal });
    } catch (err) {
      if (err instanceof TmuxCommandNotFound || err instanceof TmuxTimeout || isHostError(err) || signal.aborted) throw err;
      throw new ExpectedToolError(`signal-channel failed for channel ${ch}: ${(err as Error).message}`);
    }
    return `Channel ${ch} signalled`;
  }

  /**
   * A fresh subprocess on the engine's host, not the engine: a control client may still be
   * reconnecting to a dead server. Only "no server" (or a lost connection) means gone: a slow
   * answer on a busy machine is not a dead server.
   */
  private async serverAnswers(engine: TmuxEngine, timeoutMs: number): Promise<boolean> {
    try {
      await engine.runner.run(engine.key, [...engine.argvPrefix(), 'list-sessions', '-F', '#{session_id}'], { timeoutMs });
      return true;
    } catch (err) {
      return !(err instanceof TmuxNoServer || err instanceof TmuxConnectionLost);
    }
  }
}
