import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { formatControlLine } from './control-quoting';
import { LineDecoder, ReplyFramer, splitListReply } from './control-parser';
import { abortError, type StartedProcess } from './process-runner';
import { LibTmuxException, TmuxConnectionLost, TmuxTimeout } from './tmux-errors';
import type { RunOptions } from './tmux-engine';
import { ENGINE_CLIENT_TERM, LOCAL_HOST, splitAtMarker, type TmuxHost } from './tmux-host';

export { abortError, ENGINE_CLIENT_TERM };

/** The logger surface the engine needs (a winston logger fits). */
export interface EngineLogger {
  debug(message: string): unknown;
  info(message: string): unknown;
  warn(message: string): unknown;
  error(message: string): unknown;
}

/** A call tmux never started because the client exited gracefully first: safe to run again. */
export class ControlCallNotStarted extends TmuxConnectionLost {}

export interface ControlClientOptions {
  /** The `tmux -C` process (`controlArgv`), started by the runner on the server's host. */
  readonly process: StartedProcess;
  /** A command without a reply after this long fails with TmuxTimeout (the command deadline). */
  readonly timeoutMs: number;
  readonly logger: EngineLogger;
  /** Names the client in logs. */
  readonly label: string;
  readonly onNotification?: (line: string) => void;
  readonly onClose?: (info: ControlCloseInfo) => void;
}

export interface ControlCloseInfo {
  /**
   * tmux ended the client in order (`%exit` after its session was killed, a detach, a clean
   * server exit): every reply it started was flushed. Not after `server exited unexpectedly`.
   */
  readonly orderly: boolean;
  readonly reason: string;
  /** We closed it ourselves. */
  readonly byUs: boolean;
  /** What the host made of the end (the connection dropped, ssh failed), if anything. */
  readonly hostFailure: Error | null;
}

interface Pending {
  done: boolean;
  resolve(lines: string[]): void;
  reject(err: Error): void;
  /** A command list (`sendList`): how many commands, for splitting its raw reply. */
  list?: number;
  resolveList?(outputs: string[][]): void;
}

/**
 * The argv of a control client. `-N` never starts a server (attach-session would start one
 * and load the user's config). Without -L/-S a subprocess tmux uses the socket in $TMUX; the
 * client gets it explicitly because $TMUX is removed from its environment.
 */
export function controlArgv(prefix: readonly string[], session: string, flags: string, env = process.env): string[] {
  const argv = [...prefix];
  if (!argv.includes('-L') && !argv.includes('-S') && env.TMUX) argv.push('-S', env.TMUX.split(',')[0]);
  // -E: attaching must not copy our environment into the user's session (update-environment).
  argv.push('-N', '-C', 'attach-session', '-E', '-f', flags, '-t', session);
  return argv;
}

/**
 * One `tmux -C` process attached to one session. Commands are pipelined: each is written as
 * one line plus a nonce command, and replies are matched in order by ReplyFramer.
 */
export class ControlClient {
  readonly ready: Promise<void>;
  readonly pid: number | undefined;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly framer: ReplyFramer;
  private readonly pending: Pending[] = [];
  private readonly secret = randomBytes(12).toString('hex');
  private readonly exitedPromise: Promise<void>;
  private seq = 0;
  /** Calls not yet settled: while any, the stdout pipe keeps the process alive. */
  private busy = 0;
  private readyDone = false;
  private attachedOk = false;
  private readyResolve!: () => void;
  private readyReject!: (e: Error) => void;
  private sawExit = false;
  private exitReason = '';
  private stderr = '';
  private byUs = false;
  private exitedFlag = false;
  private readonly host: TmuxHost;
  /** The remote command started (the host's marker came); always true locally. */
  private started = false;
  private connectTimedOut = false;
  private exitCode: number | null = null;

  constructor(private readonly opts: ControlClientOptions) {
    this.ready = new Promise((res, rej) => {
      this.readyResolve = res;
      this.readyReject = rej;
    });
    this.ready.catch(() => undefined);
    this.framer = new ReplyFramer({
      reply: (ok, lines) => this.onReply(ok, lines),
      rawReply: (lines) => this.onListReply(lines),
      notification: (line) => this.onNotification(line),
      // The first block not answering our lines is attach-session's own (flags 0).
      foreign: (ok, lines) => this.settleReady(ok ? null : lines.join('\n').trim() || 'attach failed'),
    });
    this.host = opts.process.host;
    this.child = opts.process.child as ChildProcessWithoutNullStreams;
    this.pid = this.child.pid;
    const decoder = new LineDecoder();
    // Before the marker, the remote shell's own output (rc files) is not tmux's: skip it.
    this.started = this.host.marker === null;
    this.child.stdout.on('data', (chunk: Buffer) => {
      for (const line of decoder.push(chunk)) {
        if (this.started) this.framer.push(line);
        else if (line === this.host.marker) this.started = true;
      }
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000);
    });
    if (this.host.connectLimitMs !== undefined) {
      const limit = setTimeout(() => {
        if (!this.started) {
          this.connectTimedOut = true;
          this.child.kill('SIGKILL');
        }
      }, this.host.connectLimitMs);
      limit.unref();
      void this.ready.then(
        () => clearTimeout(limit),
        () => clearTimeout(limit),
      );
    }
    this.child.stdin.on('error', () => undefined); // EPIPE after exit: the close handler reports it
    this.exitedPromise = new Promise((res) => {
      this.child.once('error', (err) => {
        this.stderr ||= err.message;
        if (this.child.pid === undefined) this.onClosed(res);
      });
      this.child.once('close', (code) => {
        this.exitCode = code;
        this.onClosed(res);
      });
    });
    // Idle clients must not keep the process alive; a call in flight refs stdout (see track).
    this.child.unref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr]) (s as unknown as Socket).unref?.();
  }

  get exited(): boolean {
    return this.exitedFlag;
  }

  /** Attached and not exited: tmux has a client of ours here that may hold pane output. */
  get attached(): boolean {
    return this.attachedOk && !this.exitedFlag;
  }

  /** Runs one command; resolves with its output lines, rejects with tmux's error text. */
  send(args: readonly string[], opts: RunOptions = {}): Promise<string[]> {
    return this.write(() => formatControlLine(args), opts, null);
  }

  /**
   * Runs commands as one tmux command list, written on one line
   * (docs/reference/engine.md#command-batches): tmux runs them back to back with nothing in
   * between (no pane output is read meanwhile) and stops at the first that fails. Resolves with
   * each command's output; rejects with the failing command's error (the later ones never ran).
   */
  sendList(commands: readonly (readonly string[])[], opts: RunOptions = {}): Promise<string[][]> {
    const sep = this.listSeparator;
    return this.write(() => commands.map(formatControlLine).join(` ; display-message -p ${sep} ; `), opts, commands.length);
  }

  private get listSeparator(): string {
    return `${this.secret}-list`;
  }

  private write(format: () => string, opts: RunOptions, list: null): Promise<string[]>;
  private write(format: () => string, opts: RunOptions, list: number): Promise<string[][]>;
  private write(format: () => string, opts: RunOptions, list: number | null): Promise<string[] | string[][]> {
    if (this.exitedFlag) return Promise.reject(new ControlCallNotStarted(this.lostMessage()));
    if (opts.signal?.aborted) return Promise.reject(abortError(opts.signal));
    return new Promise<string[] | string[][]>((resolve, reject) => {
      // A command tmux cannot receive (empty, NUL in an argument) throws here, which rejects the promise.
      const line = format();
      const onAbort = () => settle(() => reject(abortError(opts.signal!)));
      const settle = (fn: () => void) => {
        if (p.done) return;
        p.done = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        this.busy--;
        this.track();
        fn();
      };
      // An abandoned call stays queued (done) so its reply is still consumed in order.
      const p: Pending = {
        done: false,
        resolve: (lines) => settle(() => resolve(lines)),
        reject: (err) => settle(() => reject(err)),
        ...(list === null ? {} : { list, resolveList: (outputs: string[][]) => settle(() => resolve(outputs)) }),
      };
      // Every command has a deadline (docs/reference/configuration.md#command-deadline): a stopped
      // tmux server must not hold the call. The reply, if it ever comes, is consumed in order.
      const limit = opts.timeoutMs ?? this.opts.timeoutMs;
      const timer = setTimeout(() => p.reject(new TmuxTimeout(limit / 1000)), limit);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const nonce = `${this.secret}${(this.seq++).toString(36)}`;
      this.pending.push(p);
      this.framer.expect(nonce, list !== null);
      this.busy++;
      this.track();
      this.queueLine(`${line}\ndisplay-message -p ${nonce}\n`);
    });
  }

  /**
   * Writes reach tmux together when they are made in the same turn of the event loop (the
   * commands of a batch, concurrent calls): stdin is corked at the first and uncorked once the
   * pending callbacks have run (`process.nextTick`, as Node's stream docs show for `uncork()`),
   * so tmux reads them in one read and we pay one write system call for them
   * (docs/reference/engine.md#command-batches). Order is kept: the stream writes in call order.
   */
  private queueLine(text: string): void {
    const stdin = this.child.stdin;
    if (!this.corked) {
      this.corked = true;
      stdin.cork();
      process.nextTick(this.uncork);
    }
    stdin.write(text);
  }

  private corked = false;
  private readonly uncork = (): void => {
    this.corked = false;
    this.child.stdin.uncork();
  };

  /** Ends the client (stdin EOF makes `tmux -C` exit) and waits until the process is gone. */
  async close(): Promise<void> {
    this.byUs = true;
    if (!this.exitedFlag) {
      // Never leave while tmux is still attaching us (see EngineGate): wait for that first.
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([this.ready.catch(() => undefined), new Promise((r) => (wait = setTimeout(r, 5000)))]);
      clearTimeout(wait);
      this.child.stdin.end();
      const term = setTimeout(() => this.child.kill('SIGTERM'), 1000);
      const kill = setTimeout(() => this.child.kill('SIGKILL'), 3000);
      await this.exitedPromise;
      clearTimeout(term);
      clearTimeout(kill);
    }
  }

  private track(): void {
    const out = this.child.stdout as unknown as Socket;
    // A closed socket would queue ref/unref for a 'connect' that never comes.
    if (this.exitedFlag || out.destroyed) return;
    if (this.busy > 0) out.ref?.();
    else out.unref?.();
  }

  private onReply(ok: boolean, lines: string[]): void {
    const p = this.pending.shift();
    if (!p || p.done) return;
    if (ok) p.resolve(lines);
    // The subprocess engine reports tmux's stderr trimmed; the %error body is that text, except
    // that control mode builds the command while parsing the line and says `parse error: ` first.
    else
      p.reject(
        new LibTmuxException(
          lines
            .join('\n')
            .trim()
            .replace(/^parse error: /, '') || 'tmux command failed',
        ),
      );
  }

  /** The raw reply of a `sendList` call: split into its commands' outputs (or the error that stopped it). */
  private onListReply(lines: string[]): void {
    const p = this.pending.shift();
    const r = splitListReply(lines, this.listSeparator, p?.list ?? 0);
    // What came between the blocks (notifications, hook blocks) is handled as such, also for an abandoned call.
    this.framer.replay(r.stray);
    if (!p || p.done) return;
    if (r.error !== null) p.reject(new LibTmuxException(r.error));
    else p.resolveList!(r.outputs);
  }

  private onNotification(line: string): void {
    if (line === '%exit' || line.startsWith('%exit ')) {
      this.sawExit = true;
      this.exitReason = line.slice(6);
    }
    this.opts.onNotification?.(line);
  }

  private settleReady(error: string | null): void {
    if (this.readyDone) return;
    this.readyDone = true;
    this.attachedOk = error === null;
    if (error === null) this.readyResolve();
    else this.readyReject(new LibTmuxException(error));
  }

  /** The tmux client prints `%exit server exited unexpectedly` when the server vanished. */
  private get orderly(): boolean {
    return this.sawExit && !/unexpectedly|lost/.test(this.exitReason);
  }

  /** stderr without a remote host's marker line (ssh's own last words stay). */
  private stderrText(): string {
    const e = splitAtMarker(this.stderr, this.host.marker);
    return `${e.preamble}${e.body}`.trim();
  }

  private lostMessage(): string {
    const why = this.byUs ? 'engine closed' : this.exitReason || this.stderrText() || 'tmux server exited or dropped the client';
    return `Lost the tmux control connection (${why}); the next call reconnects`;
  }

  /** What the host makes of the client's end (ssh failed, the connection dropped, no remote tmux), if anything. */
  private hostFailure(): Error | null {
    if (this.host === LOCAL_HOST || this.byUs) return null;
    const e = splitAtMarker(this.stderr, this.host.marker);
    const preamble = this.connectTimedOut ? `${e.preamble}\nno answer within the connect timeout` : e.preamble;
    // A client that tmux ended in order (%exit) says nothing about the connection.
    if (this.started && this.sawExit) return null;
    return this.host.failure({ code: this.exitCode ?? (this.started ? 255 : null), started: this.started, stderr: e.body, preamble });
  }

  private onClosed(done: () => void): void {
    if (this.exitedFlag) return;
    this.exitedFlag = true;
    const started = this.framer.callStarted;
    const lost = this.lostMessage();
    const hostFailure = this.hostFailure();
    this.pending.splice(0).forEach((p, i) => {
      // After an orderly %exit tmux has flushed every reply it started (the client waits for
      // its output to drain), so a call without a %begin never ran. After an abrupt end
      // (server killed) nothing can be known.
      const notStarted = this.orderly && !(i === 0 && started);
      p.reject(hostFailure ?? (notStarted ? new ControlCallNotStarted(lost) : new TmuxConnectionLost(lost)));
    });
    if (hostFailure && !this.readyDone) {
      this.readyDone = true;
      this.readyReject(hostFailure);
    }
    this.settleReady(splitAtMarker(this.stderr, this.host.marker).body.trim() || this.exitReason || 'control client exited');
    this.opts.logger.debug(`${this.opts.label}: exited (${this.sawExit ? `%exit ${this.exitReason}`.trim() : 'no %exit'})`);
    this.opts.onClose?.({ orderly: this.orderly, reason: this.exitReason || this.stderrText(), byUs: this.byUs, hostFailure });
    done();
  }
}
