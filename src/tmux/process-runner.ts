import { spawn, type ChildProcess } from 'node:child_process';
import { SshHosts, type SshHost, type SshSettings } from './ssh-host';
import {
  HostConnectionLost,
  HostTmuxNotFound,
  HostUnreachable,
  isNoServerText,
  LibTmuxException,
  SshCommandNotFound,
  TmuxCommandNotFound,
  TmuxNoServer,
  TmuxTimeout,
} from './tmux-errors';
import { LOCAL_HOST, splitAtMarker, type SpawnOptions, type TmuxHost } from './tmux-host';

/**
 * The one place a tmux or ssh process starts (docs/reference/engine.md#processes). Every process
 * is started from the server key's host (`key.host`: null is this machine, a name is a configured
 * remote host), so no caller can pair a remote key with a local process; every short-lived process
 * has a deadline and every failure comes back as one classified error.
 */

/** The part of a server key that says where a process runs. */
export interface ProcessKey {
  readonly host: string | null;
}

export interface ProcessOptions {
  /** Milliseconds before the process is killed with `TmuxTimeout`; default: the command deadline. */
  readonly timeoutMs?: number;
  /** Kills the process; the call rejects with an AbortError. */
  readonly signal?: AbortSignal;
  /** Bytes for the process's stdin (otherwise stdin is closed). */
  readonly input?: string | Buffer;
}

export interface StartOptions extends SpawnOptions {
  /** Keep stdin open as a pipe (control clients write commands; remote blocking waits end on its EOF). */
  readonly stdin: 'pipe' | 'ignore';
}

/** A long-lived process and the host it runs on (its marker and failure rules). */
export interface StartedProcess {
  readonly child: ChildProcess;
  readonly host: TmuxHost;
}

export interface RunnerSettings {
  /** The command deadline, ms (docs/reference/configuration.md#command-deadline). */
  readonly commandTimeoutMs: number;
  /** The remote hosts' ssh settings (absent: no remote host can be reached). */
  readonly ssh?: SshSettings;
}

/** The abort error every caller tests for (same shape as the one `child_process` rejects with). */
export function abortError(signal: AbortSignal): Error {
  const err = new Error('The operation was aborted', { cause: signal.reason });
  err.name = 'AbortError';
  (err as NodeJS.ErrnoException).code = 'ABORT_ERR';
  return err;
}

const E2BIG_TEXT =
  'argument too long for a tmux subprocess (the limit is 128 KiB per argument; use the control engine, or paste_text/load_buffer for large text)';

/** The most a process may print (a whole history capture fits many times over). */
const MAX_OUTPUT = 256 * 1024 * 1024;

/** The connection state of one remote host (docs/reference/engine.md#connection-loss). */
interface HostLink {
  connected: boolean;
  connecting: Promise<void> | null;
  /** A remote `cat` on the shared connection: it ends when the connection does. */
  sentinel: ChildProcess | null;
  listeners: Set<(err: Error) => void>;
}

export class ProcessRunner {
  readonly commandTimeoutMs: number;
  private readonly ssh: SshHosts | null;
  private readonly links = new Map<string, HostLink>();
  private closed = false;

  constructor(settings: RunnerSettings) {
    this.commandTimeoutMs = settings.commandTimeoutMs;
    this.ssh = settings.ssh ? new SshHosts(settings.ssh) : null;
  }

  /** The host a key's processes run on. */
  hostOf(key: ProcessKey): TmuxHost {
    if (key.host === null) return LOCAL_HOST;
    if (!this.ssh) throw new HostUnreachable(key.host, 'no remote hosts are configured');
    return this.ssh.get(key.host);
  }

  /**
   * Runs `argv` (binary first, as the host sees it; never through a local shell) to its end and
   * resolves with its stdout (after a remote host's marker line). Bounded by the deadline from
   * the moment of the call, connecting included.
   */
  async run(key: ProcessKey, argv: readonly string[], opts: ProcessOptions = {}): Promise<string> {
    const host = this.hostOf(key);
    const timeoutMs = opts.timeoutMs ?? this.commandTimeoutMs;
    if (host === LOCAL_HOST) return this.exec(host, argv, { ...opts, timeoutMs });
    const t0 = performance.now();
    await this.ready(host as SshHost, timeoutMs, opts.signal);
    return this.exec(host, argv, { ...opts, timeoutMs: Math.max(1, timeoutMs - (performance.now() - t0)) });
  }

  /**
   * Starts a long-lived process (a control client, a blocking `wait-for`): the caller owns it and
   * ends it. A remote host is connected first.
   */
  async start(key: ProcessKey, argv: readonly string[], opts: StartOptions): Promise<StartedProcess> {
    const host = this.hostOf(key);
    if (host !== LOCAL_HOST) await this.ready(host as SshHost, this.commandTimeoutMs);
    const spec = host.spawn(argv, opts);
    const child = spawn(spec.file, spec.args, {
      stdio: [opts.stdin, 'pipe', 'pipe'],
      ...(spec.env ? { env: spec.env } : {}),
    });
    return { child, host };
  }

  /**
   * `tmux -V` on a host: its version line, or why not. For a remote host this is the connection
   * probe (docs/reference/engine.md#hosts): it leaves the shared connection up. Never rejects.
   */
  async version(
    key: ProcessKey & { readonly tmuxBin: string },
    timeoutMs?: number,
  ): Promise<{ version: string | null; error: Error | null }> {
    const host = this.hostOf(key);
    try {
      if (host !== LOCAL_HOST) {
        await this.ready(host as SshHost, timeoutMs ?? this.commandTimeoutMs);
        return { version: (host as SshHost).version, error: null };
      }
      const out = await this.exec(host, [key.tmuxBin, '-V'], { timeoutMs: timeoutMs ?? this.commandTimeoutMs });
      return { version: out.trim() || null, error: null };
    } catch (err) {
      return { version: null, error: err as Error };
    }
  }

  /**
   * Calls `listener` when the connection to `host` is lost (docs/reference/engine.md#connection-loss);
   * nothing for this machine. Returns the unsubscribe function.
   */
  onLost(host: string | null, listener: (err: Error) => void): () => void {
    if (host === null) return () => undefined;
    const link = this.link(host);
    link.listeners.add(listener);
    return () => link.listeners.delete(listener);
  }

  /** Ends every shared connection we started and removes the private directory. */
  async closeAll(): Promise<void> {
    this.closed = true;
    if (!this.ssh) return;
    for (const link of this.links.values()) {
      const s = link.sentinel;
      link.sentinel = null;
      s?.stdin?.end();
    }
    await Promise.allSettled(
      this.ssh
        .started()
        .map((h) => this.exec(LOCAL_HOST, [h.settings.sshBin, ...h.exitArgs()], { timeoutMs: 5000 }).catch(() => undefined)),
    );
    this.ssh.removeDir();
  }

  /** The connection to a remote host is gone: calls in flight fail, the next call connects again. */
  lost(host: SshHost, err: Error = new HostConnectionLost(host.name)): void {
    const link = this.link(host.name);
    if (!link.connected) return;
    link.connected = false;
    const s = link.sentinel;
    link.sentinel = null;
    if (s && s.exitCode === null) s.kill('SIGKILL');
    for (const l of [...link.listeners]) l(err);
  }

  private link(name: string): HostLink {
    let l = this.links.get(name);
    if (!l) {
      l = { connected: false, connecting: null, sentinel: null, listeners: new Set() };
      this.links.set(name, l);
    }
    return l;
  }

  /** Connects a remote host once (calls arriving meanwhile share the attempt); rejects with why not. */
  private ready(host: SshHost, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.closed) return Promise.reject(new HostUnreachable(host.name, 'the server is shutting down'));
    const link = this.link(host.name);
    if (link.connected) return Promise.resolve();
    link.connecting ??= this.connect(host, link).finally(() => {
      link.connecting = null;
    });
    return withDeadline(link.connecting, timeoutMs, signal);
  }

  /** The probe (`tmux -V` there), then the sentinel that tells when the connection ends. */
  private async connect(host: SshHost, link: HostLink): Promise<void> {
    let out: string;
    try {
      out = await this.exec(host, [host.settings.remoteTmuxBin, '-V'], { timeoutMs: host.connectLimitMs });
    } catch (err) {
      if (err instanceof TmuxTimeout) throw new HostUnreachable(host.name, `no answer within ${host.settings.connectTimeoutSeconds + 1}s`);
      // tmux -V failing (but not as a host error) means no runnable tmux there.
      if (err instanceof LibTmuxException && !(err instanceof HostUnreachable || err instanceof HostConnectionLost))
        throw new HostTmuxNotFound(host.name);
      throw err;
    }
    host.version = out.trim() || null;
    link.connected = true;
    this.watch(host, link);
  }

  /**
   * A remote `cat` on the shared connection, reading our stdin: it ends when we close it, or
   * when the connection does (ssh exits 255), which tells every waiter at once
   * (docs/reference/engine.md#connection-loss): a wait between two polls would otherwise
   * reconnect and never know the connection had dropped.
   */
  private watch(host: SshHost, link: HostLink): void {
    const spec = host.spawn(['cat']);
    const child = spawn(spec.file, spec.args, { stdio: ['pipe', 'ignore', 'ignore'] });
    link.sentinel = child;
    child.stdin.on('error', () => undefined);
    child.once('error', () => undefined);
    child.once('exit', () => {
      if (link.sentinel === child) this.lost(host);
    });
    child.unref();
    for (const s of [child.stdin]) (s as unknown as { unref?: () => void }).unref?.();
  }

  /**
   * Starts one process and settles on its exit or its deadline, whichever is first. It does not
   * wait for the pipes to close: a stopped tmux server holds the client's descriptors and would
   * hold the call with them (docs/reference/engine.md#processes).
   */
  private exec(host: TmuxHost, argv: readonly string[], opts: ProcessOptions & { timeoutMs: number }): Promise<string> {
    if (opts.signal?.aborted) return Promise.reject(abortError(opts.signal));
    return new Promise((resolve, reject) => {
      const spec = host.spawn(argv);
      let child: ChildProcess;
      try {
        child = spawn(spec.file, spec.args, {
          stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
          ...(spec.env ? { env: spec.env } : {}),
        });
      } catch (err) {
        // spawn() throws E2BIG synchronously: the kernel caps one argument at 128 KiB.
        const e = err as NodeJS.ErrnoException;
        return reject(e.code === 'E2BIG' ? new LibTmuxException(E2BIG_TEXT) : e);
      }
      // A remote command started on a connection already made: if ssh fails with 255 before the
      // command has started, the connection dropped under it, not a host that cannot be reached
      // (docs/reference/errors.md#remote-host-errors).
      const liveHost = host.name !== null && this.links.get(host.name)?.connected === true ? host.name : null;
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let size = 0;
      let settled = false;
      let started = host.marker === null;
      let seen = '';
      const finish = (e: Error | null, value = '') => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (connectTimer) clearTimeout(connectTimer);
        opts.signal?.removeEventListener('abort', onAbort);
        if (e) {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          child.stdout?.destroy();
          child.stderr?.destroy();
          if (e instanceof HostConnectionLost && host !== LOCAL_HOST) this.lost(host as SshHost, e);
          reject(e);
        } else resolve(value);
      };
      const onAbort = () => finish(abortError(opts.signal!));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const deadline = setTimeout(() => finish(new TmuxTimeout(opts.timeoutMs / 1000)), opts.timeoutMs);
      // A remote command that has not started within the connect limit: the host is unreachable
      // (ssh's own ConnectTimeout covers the TCP connect, not every way a connection can stall).
      const connectTimer =
        host.connectLimitMs === undefined
          ? undefined
          : setTimeout(() => {
              if (!started)
                finish(host.failure({ code: null, started: false, stderr: '', preamble: 'no answer within the connect timeout' }));
            }, host.connectLimitMs);
      child.stdout!.on('data', (d: Buffer) => {
        size += d.length;
        if (size > MAX_OUTPUT) finish(new LibTmuxException(`tmux printed more than ${MAX_OUTPUT} bytes`));
        out.push(d);
        if (!started) {
          // The marker may straddle two chunks: look at the end of the previous one too.
          seen = (seen + d.toString('latin1')).slice(-(host.marker!.length + 4096));
          started = seen.includes(host.marker!);
        }
      });
      child.stderr!.on('data', (d: Buffer) => err.push(d));
      if (opts.input !== undefined) {
        child.stdin!.on('error', () => undefined); // EPIPE when the process exits first
        child.stdin!.end(opts.input);
      }
      child.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT')
          finish(
            host === LOCAL_HOST
              ? new TmuxCommandNotFound('tmux binary not found. Ensure tmux is installed and in PATH.')
              : new SshCommandNotFound('ssh binary not found. Ensure OpenSSH is installed and in PATH (or set TMUX_MCP_SSH_BIN).'),
          );
        else finish(e.code === 'E2BIG' ? new LibTmuxException(E2BIG_TEXT) : e);
      });
      // 'close' once the output is read. A process whose pipes something else holds (a stopped
      // tmux server keeps the client's descriptors) ends at the deadline, not when they close.
      const onEnd = (code: number | null, sig: NodeJS.Signals | null) => {
        if (settled) return;
        const o = splitAtMarker(Buffer.concat(out).toString('utf8'), host.marker);
        if (code === 0 && o.started) return finish(null, o.body);
        const e = splitAtMarker(Buffer.concat(err).toString('utf8'), host.marker);
        const hostFailure =
          liveHost !== null && code === 255 && !o.started
            ? new HostConnectionLost(liveHost)
            : host.failure({ code, started: o.started, stderr: e.body, preamble: e.preamble });
        if (hostFailure) return finish(hostFailure);
        const text = (e.body || (sig ? `killed by ${sig}` : `exit status ${code ?? 'null'}`)).trim();
        finish(isNoServerText(text) ? new TmuxNoServer(text) : new LibTmuxException(text));
      };
      child.on('close', onEnd);
    });
  }
}

/** `p`, or a TmuxTimeout after `ms`, or an AbortError when `signal` fires (the work itself is not stopped). */
export function withDeadline<T>(p: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => done(() => reject(abortError(signal!)));
    const timer = setTimeout(() => done(() => reject(new TmuxTimeout(ms / 1000))), ms);
    let over = false;
    const done = (fn: () => void) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => done(() => resolve(v)),
      (e: Error) => done(() => reject(e)),
    );
  });
}
