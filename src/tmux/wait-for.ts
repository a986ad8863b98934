import { spawn } from 'node:child_process';
import { tmuxArgvPrefix } from './exec-engine';
import type { TmuxServerKey } from './tmux-engine';
import { isNoServerText } from './tmux-errors';
import { LOCAL_HOST, splitAtMarker, type TmuxHost } from './tmux-host';

/** A server's tmux argv and where it runs (an engine is one). */
export interface WaitTarget {
  argvPrefix(): string[];
  /** Absent: this machine. */
  readonly tmuxHost?: TmuxHost;
}

export interface WaitForOptions {
  /** Abort the wait: the child is killed and the result is `aborted`. */
  readonly signal?: AbortSignal;
  /** Give up after this many milliseconds: the child is killed and the result is `timeout`. */
  readonly timeoutMs?: number;
}

/** How a `tmux wait-for` ended. The child has exited in every case. */
export type WaitForResult =
  | { readonly outcome: 'signalled' }
  | { readonly outcome: 'timeout' }
  | { readonly outcome: 'aborted' }
  | {
      readonly outcome: 'error';
      readonly code: number | null;
      readonly stderr: string;
      readonly noServer: boolean;
      readonly hostError?: Error;
      readonly spawnError?: NodeJS.ErrnoException;
    };

/**
 * Blocks on `tmux wait-for <channel>` in its own subprocess
 * (docs/reference/engine.md#blocking-wait-for): on a control connection it would hold every later
 * command. Resolves only after the child is gone, so an abort or a timeout never leaves a `tmux
 * wait-for` running (on a remote host the remote side ends it when our ssh goes away, see
 * ssh-host.ts). Pass an engine, a server key (this machine) or an argv prefix (this machine).
 */
export function waitForChannel(
  server: WaitTarget | TmuxServerKey | readonly string[],
  channel: string,
  opts: WaitForOptions = {},
): Promise<WaitForResult> {
  const target = toTarget(server);
  if (opts.signal?.aborted) return Promise.resolve({ outcome: 'aborted' });
  const host = target.tmuxHost ?? LOCAL_HOST;
  if (host === LOCAL_HOST) return spawnWait(target, channel, opts);
  return host.ready().then(
    () => spawnWait(target, channel, opts),
    (err: Error): WaitForResult => ({ outcome: 'error', code: null, stderr: err.message, noServer: false, hostError: err }),
  );
}

function toTarget(server: WaitTarget | TmuxServerKey | readonly string[]): WaitTarget {
  if (Array.isArray(server)) {
    const prefix = [...(server as readonly string[])];
    return { argvPrefix: () => prefix, tmuxHost: LOCAL_HOST };
  }
  if ('argvPrefix' in server) return server;
  const prefix = tmuxArgvPrefix(server as TmuxServerKey);
  return { argvPrefix: () => prefix, tmuxHost: LOCAL_HOST };
}

function spawnWait(target: WaitTarget, channel: string, opts: WaitForOptions): Promise<WaitForResult> {
  const host = target.tmuxHost ?? LOCAL_HOST;
  if (opts.signal?.aborted) return Promise.resolve({ outcome: 'aborted' });
  return new Promise((resolve) => {
    let stopped: 'timeout' | 'aborted' | null = null;
    let stderr = '';
    let stdout = '';
    // `--`: a channel may start with '-' (docs/reference/tools.md#channels); it must not read as a flag.
    const spec = host.spawn([...target.argvPrefix(), 'wait-for', '--', channel], { blocking: true });
    // A remote wait keeps its stdin open: the remote side ends the wait when it reaches EOF.
    const remote = host !== LOCAL_HOST;
    const child = spawn(spec.file, spec.args, { stdio: [remote ? 'pipe' : 'ignore', remote ? 'pipe' : 'ignore', 'pipe'] });
    const stop = (why: 'timeout' | 'aborted') => {
      if (stopped) return;
      stopped = why;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('aborted');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = opts.timeoutMs !== undefined ? setTimeout(() => stop('timeout'), opts.timeoutMs) : undefined;
    child.stdin?.on('error', () => undefined);
    child.stdout?.on('data', (d: Buffer) => {
      stdout = (stdout + d.toString('utf8')).slice(-4000);
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-4000);
    });
    let settled = false;
    const finish = (code: number | null, spawnError?: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (stopped) return resolve({ outcome: stopped });
      const started = splitAtMarker(stdout, host.marker).started;
      const e = splitAtMarker(stderr, host.marker);
      if (code === 0 && started) return resolve({ outcome: 'signalled' });
      const hostError = spawnError ? null : host.failure({ code, started, stderr: e.body, preamble: e.preamble });
      const text = (spawnError?.message ?? hostError?.message ?? e.body).trim();
      resolve({
        outcome: 'error',
        code,
        stderr: text,
        noServer: isNoServerText(text),
        ...(hostError ? { hostError } : {}),
        ...(spawnError ? { spawnError } : {}),
      });
    };
    child.once('error', (err) => {
      if (child.pid === undefined) finish(null, err); // never started: nothing to wait for
    });
    child.once('close', (code) => finish(code));
  });
}
