import { spawn } from 'node:child_process';
import { tmuxArgvPrefix } from './exec-engine';
import type { TmuxServerKey } from './tmux-engine';
import { isNoServerText } from './tmux-errors';

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
  | { readonly outcome: 'error'; readonly code: number | null; readonly stderr: string; readonly noServer: boolean };

/**
 * Blocks on `tmux wait-for <channel>` in its own subprocess
 * (docs/reference/engine.md#blocking-wait-for): on a control connection it would hold every later
 * command. Resolves only after the child is gone, so an abort or a timeout never leaves a `tmux
 * wait-for` running. Pass a server key or an argv prefix.
 */
export function waitForChannel(
  server: TmuxServerKey | readonly string[],
  channel: string,
  opts: WaitForOptions = {},
): Promise<WaitForResult> {
  const prefix = Array.isArray(server) ? [...(server as readonly string[])] : tmuxArgvPrefix(server as TmuxServerKey);
  if (opts.signal?.aborted) return Promise.resolve({ outcome: 'aborted' });
  return new Promise((resolve) => {
    let stopped: 'timeout' | 'aborted' | null = null;
    let stderr = '';
    const child = spawn(prefix[0], [...prefix.slice(1), 'wait-for', channel], { stdio: ['ignore', 'ignore', 'pipe'] });
    const stop = (why: 'timeout' | 'aborted') => {
      if (stopped) return;
      stopped = why;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('aborted');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = opts.timeoutMs !== undefined ? setTimeout(() => stop('timeout'), opts.timeoutMs) : undefined;
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-4000);
    });
    let settled = false;
    const finish = (code: number | null, spawnError?: Error) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (stopped) return resolve({ outcome: stopped });
      if (code === 0) return resolve({ outcome: 'signalled' });
      const text = (spawnError?.message ?? stderr).trim();
      resolve({ outcome: 'error', code, stderr: text, noServer: isNoServerText(text) });
    };
    child.once('error', (err) => {
      if (child.pid === undefined) finish(null, err); // never started: nothing to wait for
    });
    child.once('close', (code) => finish(code));
  });
}
