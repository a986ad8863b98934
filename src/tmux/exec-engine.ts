import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { escapeExecArg } from './control-quoting';
import { isNoServerText, LibTmuxException, SshCommandNotFound, TmuxCommandNotFound, TmuxNoServer } from './tmux-errors';
import type { PaneEvent, RunOptions, TmuxEngine, TmuxServerKey } from './tmux-engine';
import { LOCAL_HOST, splitAtMarker, type TmuxHost } from './tmux-host';

/**
 * `[bin, -u, -L name, -S path]`: `-u` keeps UTF-8 in minimal client environments
 * (docs/reference/configuration.md#minimal-client-environments).
 */
export function tmuxArgvPrefix(key: TmuxServerKey): string[] {
  const argv = [key.tmuxBin, '-u'];
  if (key.socketName) argv.push('-L', key.socketName);
  if (key.socketPath) argv.push('-S', key.socketPath);
  return argv;
}

export function splitLines(stdout: string): string[] {
  if (stdout === '') return [];
  const lines = stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const E2BIG_TEXT =
  'argument too long for a tmux subprocess (the limit is 128 KiB per argument; use the control engine, or paste_text/load_buffer for large text)';

/** The most a tmux subprocess may print (a whole history capture fits many times over). */
const MAX_OUTPUT = 256 * 1024 * 1024;

/**
 * Runs a full tmux argv as a subprocess (never through a local shell) and resolves with its
 * stdout. On a remote host the process is `ssh` (see ssh-host.ts) and the output starts after
 * the host's marker line. `spawn` with stdin closed unless there is input: tmux reads nothing
 * else from stdin, and one pipe less to create and close is ~0.1 ms of every call (bench 1,
 * exec engine).
 */
export function execTmux(argv: readonly string[], opts: RunOptions = {}, host: TmuxHost = LOCAL_HOST): Promise<string> {
  if (host === LOCAL_HOST) return spawnTmux(argv, opts, host);
  return host.ready().then(() => spawnTmux(argv, opts, host));
}

function spawnTmux(argv: readonly string[], opts: RunOptions, host: TmuxHost): Promise<string> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    const spec = host.spawn(argv);
    try {
      child = spawn(spec.file, spec.args, {
        stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        signal: opts.signal,
        killSignal: 'SIGKILL',
        ...(spec.env ? { env: spec.env } : {}),
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      // spawn() throws E2BIG synchronously: the kernel caps one argument at 128 KiB.
      return reject(e.code === 'E2BIG' ? new LibTmuxException(E2BIG_TEXT) : e);
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let failure: Error | undefined;
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            failure = new LibTmuxException(`tmux ${argv[argv.indexOf('-u') + 1] ?? ''} timed out after ${opts.timeoutMs}ms`);
            child.kill('SIGKILL');
          }, opts.timeoutMs);
    // A remote command that has not started within the connect limit: the host is unreachable
    // (ssh's own ConnectTimeout covers the TCP connect, not every way a connection can stall).
    let started = host.marker === null;
    let seen = '';
    const connectTimer =
      host.connectLimitMs === undefined
        ? undefined
        : setTimeout(() => {
            if (started) return;
            failure ??=
              host.failure({ code: null, started: false, stderr: '', preamble: 'no answer within the connect timeout' }) ?? undefined;
            child.kill('SIGKILL');
          }, host.connectLimitMs);
    child.stdout!.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_OUTPUT && !failure) {
        failure = new LibTmuxException(`tmux printed more than ${MAX_OUTPUT} bytes`);
        child.kill('SIGKILL');
      }
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
      failure ??=
        e.code === 'ENOENT'
          ? host.name === null
            ? new TmuxCommandNotFound('tmux binary not found. Ensure tmux is installed and in PATH.')
            : new SshCommandNotFound(`ssh binary not found. Ensure OpenSSH is installed and in PATH (or set TMUX_MCP_SSH_BIN).`)
          : e.code === 'E2BIG'
            ? new LibTmuxException(E2BIG_TEXT)
            : e;
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      if (connectTimer) clearTimeout(connectTimer);
      if (failure) return reject(failure);
      const o = splitAtMarker(Buffer.concat(out).toString('utf8'), host.marker);
      if (code === 0 && o.started) return resolve(o.body);
      const e = splitAtMarker(Buffer.concat(err).toString('utf8'), host.marker);
      const hostFailure = host.failure({ code, started: o.started, stderr: e.body, preamble: e.preamble });
      if (hostFailure) return reject(hostFailure);
      const text = (e.body || `tmux exited with status ${code ?? 'null'}`).trim();
      reject(isNoServerText(text) ? new TmuxNoServer(text) : new LibTmuxException(text));
    });
  });
}

/** The subprocess engine: one `tmux` process per command. The baseline and the escape hatch. */
export class ExecEngine implements TmuxEngine {
  readonly mode = 'exec' as const;
  readonly hasEvents = false;
  private readonly prefix: string[];
  private readonly mark = `tmux-mcp-list-${randomBytes(8).toString('hex')}`;

  constructor(
    readonly key: TmuxServerKey,
    readonly tmuxHost: TmuxHost = LOCAL_HOST,
  ) {
    this.prefix = tmuxArgvPrefix(key);
  }

  argvPrefix(): string[] {
    return [...this.prefix];
  }

  async run(args: readonly string[], opts?: RunOptions): Promise<string[]> {
    return splitLines(await execTmux([...this.prefix, ...args.map(escapeExecArg)], opts, this.tmuxHost));
  }

  /**
   * One subprocess for the whole batch: a tmux command list (`a ; b`), with a
   * `display-message -p <mark>` between two commands so their outputs can be told apart. The mark
   * is random per engine, so no command's output can contain it. tmux stops at the first command
   * that fails and exits 1 with its error, which rejects the batch as `run` would.
   */
  async runList(commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]> {
    if (commands.length === 1) return [await this.run(commands[0], opts)];
    const argv = [...this.prefix];
    commands.forEach((c, i) => {
      if (i > 0) argv.push(';', 'display-message', '-p', this.mark, ';');
      argv.push(...c.map(escapeExecArg));
    });
    const out: string[][] = [[]];
    for (const line of splitLines(await execTmux(argv, opts, this.tmuxHost))) {
      if (line === this.mark) out.push([]);
      else out[out.length - 1].push(line);
    }
    return out;
  }

  runRaw(args: readonly string[], opts?: RunOptions): Promise<string> {
    // escapeExecArg: tmux would otherwise eat a final `;` of any word
    // (docs/reference/engine.md#trailing-semicolon).
    return execTmux([...this.prefix, ...args.map(escapeExecArg)], opts, this.tmuxHost);
  }

  onPaneEvent(_paneId: string, _listener: (ev: PaneEvent) => void): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    // Nothing persistent to close.
  }
}
