import type { ProcessRunner, StartedProcess } from './process-runner';
import type { SshHost } from './ssh-host';
import type { TmuxServerKey } from './tmux-engine';
import { HostConnectionLost, isNoServerText, LibTmuxException, TmuxCommandNotFound, TmuxNoServer } from './tmux-errors';
import { splitAtMarker } from './tmux-host';

/** A server's tmux argv, key and runner (an engine is one). */
export interface WaitTarget {
  readonly key: TmuxServerKey;
  readonly runner: ProcessRunner;
  argvPrefix(): string[];
}

export interface WaitForOptions {
  /** Abort the wait: the child is killed and the result is `aborted`. */
  readonly signal?: AbortSignal;
  /** Give up after this many milliseconds: the child is killed and the result is `timeout`. */
  readonly timeoutMs?: number;
  /**
   * A tmux command the same client runs as soon as the wait ends (`wait-for ch ; <then>`): tmux
   * runs it right after the signalling command list, not when this process gets to the child's
   * exit; its output is the result's `output`.
   */
  readonly then?: readonly string[];
}

/** How a `tmux wait-for` ended. The child has exited (or was killed) in every case. */
export type WaitForResult =
  | { readonly outcome: 'signalled'; readonly output: string }
  | { readonly outcome: 'timeout' }
  | { readonly outcome: 'aborted' }
  | {
      readonly outcome: 'error';
      readonly code: number | null;
      readonly stderr: string;
      readonly noServer: boolean;
      /** The classified failure: a host error, TmuxCommandNotFound, or tmux's own text as LibTmuxException. */
      readonly error: Error;
    };

/**
 * Blocks on `tmux wait-for <channel>` in its own process, started by the runner on the engine's
 * host (docs/reference/engine.md#blocking-wait-for): on a control connection it would hold every
 * later command. Settles when the child exits, or at once when it is stopped (timeout, abort):
 * the child is killed then, and a stopped tmux server holding its descriptors cannot hold the
 * call (on a remote host the remote side ends the wait when our ssh goes away, see ssh-host.ts).
 */
export async function waitForChannel(target: WaitTarget, channel: string, opts: WaitForOptions = {}): Promise<WaitForResult> {
  if (opts.signal?.aborted) return { outcome: 'aborted' };
  const remote = target.key.host !== null;
  let started: StartedProcess;
  try {
    // `--`: a channel may start with '-' (docs/reference/tools.md#channels); it must not read as a flag.
    // A remote wait keeps its stdin open: the remote side ends the wait when it reaches EOF.
    const then = opts.then ? [';', ...opts.then] : [];
    started = await target.runner.start(target.key, [...target.argvPrefix(), 'wait-for', '--', channel, ...then], {
      blocking: true,
      stdin: remote ? 'pipe' : 'ignore',
    });
  } catch (err) {
    return { outcome: 'error', code: null, stderr: (err as Error).message, noServer: false, error: err as Error };
  }
  const { child, host } = started;
  return new Promise((resolve) => {
    let stderr = '';
    let stdout = '';
    let settled = false;
    const done = (r: WaitForResult) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const stop = (why: 'timeout' | 'aborted') => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
      done({ outcome: why });
    };
    const onAbort = () => stop('aborted');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = opts.timeoutMs !== undefined ? setTimeout(() => stop('timeout'), opts.timeoutMs) : undefined;
    // Aborted while the child was starting: the listener above never fires for that.
    if (opts.signal?.aborted) stop('aborted');
    child.stdin?.on('error', () => undefined);
    child.stdout?.on('data', (d: Buffer) => {
      stdout = (stdout + d.toString('utf8')).slice(-4000);
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-4000);
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // started: 'close' reports the end
      const error =
        err.code === 'ENOENT' && !remote ? new TmuxCommandNotFound('tmux binary not found. Ensure tmux is installed and in PATH.') : err;
      done({ outcome: 'error', code: null, stderr: err.message, noServer: false, error });
    });
    child.once('close', (code) => {
      const out = splitAtMarker(stdout, host.marker);
      const began = out.started;
      const e = splitAtMarker(stderr, host.marker);
      if (code === 0 && began) return done({ outcome: 'signalled', output: out.body });
      const hostError = host.failure({ code, started: began, stderr: e.body, preamble: e.preamble });
      if (hostError instanceof HostConnectionLost) target.runner.lost(host as SshHost, hostError);
      const text = (hostError?.message ?? e.body).trim();
      done({
        outcome: 'error',
        code,
        stderr: text,
        noServer: isNoServerText(text),
        error:
          hostError ??
          (isNoServerText(text) ? new TmuxNoServer(text) : new LibTmuxException(text || `tmux wait-for exited with status ${code}`)),
      });
    });
  });
}
