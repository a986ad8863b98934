import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ProgressReporter } from '../framework/pipeline/call-context';
import { safeRepr } from '../framework/validation/safe-repr';
import { abortError } from '../tmux/control-client';
import { execTmux } from '../tmux/exec-engine';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { isHostError, TmuxCommandNotFound } from '../tmux/tmux-errors';
import { waitForChannel } from '../tmux/wait-for';
import { runBounded } from './channel-deadline';

const CHANNEL_RE = /^[A-Za-z0-9_.:-]{1,128}$/;
/** `wait-for -S` is capped at 5 s (docs/reference/tools.md#signal_channel). */
export const SIGNAL_TIMEOUT_MS = 5000;
/** Heartbeat period: progress at least once a second (docs/reference/protocol.md#progress) with margin for timer drift. */
const HEARTBEAT_MS = 500;

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

    const started = Date.now();
    // No pane to quote: the message names what is awaited (docs/reference/protocol.md#progress).
    const message = `Waiting for channel ${ch}`;
    const beat = () => void progress.report((Date.now() - started) / 1000, effective, message);
    let heartbeat: NodeJS.Timeout | undefined;
    if (progress.enabled) {
      beat();
      heartbeat = setInterval(beat, HEARTBEAT_MS);
    }
    try {
      const r = await waitForChannel(engine, channel, { signal, timeoutMs: effective * 1000 });
      if (r.outcome === 'timeout') throw new ExpectedToolError(timeoutText);
      if (r.outcome === 'aborted') throw abortError(signal);
      if (r.outcome === 'error') {
        if (r.hostError) throw r.hostError;
        // A missing tmux binary keeps its own (unexpected) error, as everywhere else.
        if (r.spawnError?.code === 'ENOENT') throw new TmuxCommandNotFound('tmux binary not found. Ensure tmux is installed and in PATH.');
        throw new ExpectedToolError(`wait-for failed for channel ${ch}: ${r.stderr}`);
      }
    } finally {
      if (heartbeat) clearInterval(heartbeat);
    }
    // tmux exits 0 both when signalled and when the server goes away (kill-server): ask it.
    if (!(await this.serverAnswers(engine))) {
      throw new ExpectedToolError(
        `wait-for returned for channel ${ch} but the tmux server is no longer running, so the channel was probably never signalled — tmux exits 0 for both. Re-check the work you were waiting on.`,
      );
    }
    return `Channel ${ch} was signalled (timeout ${shortest(effective)}s)`;
  }

  async signal(engine: TmuxEngine, channel: string, signal: AbortSignal): Promise<string> {
    this.validate(channel);
    const ch = safeRepr(channel);
    let r;
    try {
      r = await runBounded(SIGNAL_TIMEOUT_MS, signal, (s) => engine.run(['wait-for', '-S', '--', channel], { signal: s }));
    } catch (err) {
      if (err instanceof TmuxCommandNotFound || isHostError(err) || signal.aborted) throw err;
      throw new ExpectedToolError(`signal-channel failed for channel ${ch}: ${(err as Error).message}`);
    }
    if (r.timedOut) throw new ExpectedToolError(`signal-channel timeout after ${shortest(SIGNAL_TIMEOUT_MS / 1000)}s: channel ${ch}`);
    return `Channel ${ch} signalled`;
  }

  /** A fresh subprocess, not the engine: a control client may still be reconnecting to a dead server. */
  private async serverAnswers(engine: TmuxEngine): Promise<boolean> {
    try {
      await execTmux([...engine.argvPrefix(), 'list-sessions', '-F', '#{session_id}'], { timeoutMs: SIGNAL_TIMEOUT_MS }, engine.tmuxHost);
      return true;
    } catch {
      return false;
    }
  }
}
