import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostConnectionLost, HostTmuxNotFound, HostUnreachable } from './tmux-errors';
import { ENGINE_CLIENT_TERM, type ProcessEnd, type SpawnOptions, type SpawnSpec, splitAtMarker, type TmuxHost } from './tmux-host';

/**
 * POSIX single quoting of one word for the remote shell (docs/reference/engine.md#remote-command-line):
 * sshd hands the command line to the user's shell, so every word we send is quoted, and inside
 * single quotes a POSIX shell expands nothing. `'` itself becomes `'\''`.
 */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The whole remote command line: every word quoted, joined with spaces. */
export function remoteCommandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}

/**
 * The two scripts the remote `sh -c` runs (constants: nothing of the caller's is inside them; the
 * marker and the tmux argv follow as positional parameters, quoted). Both print the marker on
 * stdout and stderr first, so what the remote shell's rc files printed before can be told from
 * the command's own output. RUN then becomes the command. BLOCKING (for `tmux wait-for`) runs the
 * command in the background and kills it when our end of the connection closes (stdin reaches
 * EOF): sshd does not signal a command without a terminal, and a `wait-for` left blocked on the
 * remote host would stay there until its channel is signalled.
 */
const ANNOUNCE = `m=$1; shift; printf '%s\\n' "$m"; printf '%s\\n' "$m" >&2; `;
export const RUN_SCRIPT = `${ANNOUNCE}exec "$@"`;
export const BLOCKING_SCRIPT =
  `${ANNOUNCE}exec 3<&0; "$@" </dev/null & c=$!; ` +
  `{ while read -r x; do :; done <&3; kill "$c" 2>/dev/null; } & w=$!; ` +
  `wait "$c"; s=$?; kill "$w" 2>/dev/null; exit "$s"`;

/** The settings of every remote host (docs/reference/configuration.md#remote-hosts). */
export interface SshSettings {
  /** `ssh` or a path. */
  readonly sshBin: string;
  /** A file passed as `ssh -F`, or null for the user's own ssh configuration. */
  readonly configFile: string | null;
  /** ssh's ConnectTimeout, seconds. */
  readonly connectTimeoutSeconds: number;
  /** tmux on the remote hosts (found by the remote shell's PATH unless a path). */
  readonly remoteTmuxBin: string;
}

/** ControlPersist: how long a shared connection stays after its last session (seconds). */
const CONTROL_PERSIST_SECONDS = 60;
/** ServerAliveInterval × ServerAliveCountMax: a silent peer is given up after 45 s. */
const ALIVE_INTERVAL_SECONDS = 15;
const ALIVE_COUNT_MAX = 3;
/** Bound on `ssh -O exit` at shutdown. */
const EXIT_TIMEOUT_MS = 5000;

/** Last non-blank line of a text (ssh's reason for failing is its last stderr line). */
export function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]) return lines[i];
  return '';
}

/**
 * The private directory of the shared-connection sockets: 0700, made once on first use. A
 * ControlPath must fit a UNIX socket address (108 bytes on Linux) with `%C` (40 characters) and
 * the 17-character suffix ssh adds while it creates the socket, so the directory gets at most 49
 * bytes and falls back to /tmp when the temp dir's path is longer.
 */
export class ControlDir {
  private path: string | null = null;

  get(): string {
    if (this.path === null) {
      const base = tmpdir();
      this.path = mkdtempSync(join(base.length + 21 <= 49 ? base : '/tmp', 'tmux-mcp-ssh-'));
    }
    return this.path;
  }

  get made(): boolean {
    return this.path !== null;
  }

  remove(): void {
    if (this.path !== null) rmSync(this.path, { recursive: true, force: true });
    this.path = null;
  }
}

/**
 * One remote host reached through OpenSSH (docs/reference/engine.md#hosts): every tmux
 * invocation for it is `ssh … -- <destination> <quoted command>`, sharing one connection per
 * host (ControlMaster=auto, ControlPersist, a ControlPath in our private directory). ssh does
 * authentication, host keys and the user's configuration; BatchMode keeps it from ever asking for
 * a password or a passphrase, and nothing here weakens host key checking.
 */
export class SshHost implements TmuxHost {
  readonly marker = `tmux-mcp-ready-${randomBytes(8).toString('hex')}`;
  /** Set once a connection was made: a master may be running and is asked to exit at close. */
  private everConnected = false;
  private connected = false;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly settings: SshSettings,
    private readonly dir: ControlDir,
  ) {}

  /** How long a connection attempt may take before the host counts as unreachable. */
  get connectLimitMs(): number {
    return (this.settings.connectTimeoutSeconds + 1) * 1000;
  }

  /** ssh's own options (before `--`). */
  sshOptions(): string[] {
    const s = this.settings;
    return [
      ...(s.configFile ? ['-F', s.configFile] : []),
      '-T',
      '-o',
      'BatchMode=yes',
      '-o',
      `ConnectTimeout=${s.connectTimeoutSeconds}`,
      '-o',
      `ServerAliveInterval=${ALIVE_INTERVAL_SECONDS}`,
      '-o',
      `ServerAliveCountMax=${ALIVE_COUNT_MAX}`,
      '-o',
      'ControlMaster=auto',
      '-o',
      `ControlPath=${this.dir.get()}/%C`,
      '-o',
      `ControlPersist=${CONTROL_PERSIST_SECONDS}`,
    ];
  }

  spawn(argv: readonly string[], opts: SpawnOptions = {}): SpawnSpec {
    const words = [
      'sh',
      '-c',
      opts.blocking ? BLOCKING_SCRIPT : RUN_SCRIPT,
      'sh',
      this.marker,
      // The engine's clients are marked as on this machine (`env` sets TERM for tmux only).
      ...(opts.engineClient ? ['env', `TERM=${ENGINE_CLIENT_TERM}`] : []),
      ...argv,
    ];
    // `--`: the destination can never read as an option (configured ones are checked too).
    return { file: this.settings.sshBin, args: [...this.sshOptions(), '--', this.name, remoteCommandLine(words)] };
  }

  failure(end: ProcessEnd): Error | null {
    if (!end.started) {
      const why = lastLine(end.preamble) || (end.code === null ? 'ssh was stopped' : `ssh exited with status ${end.code}`);
      return new HostUnreachable(this.name, why);
    }
    if (end.code === 255) {
      this.lost();
      return new HostConnectionLost(this.name);
    }
    // `env` (or sh's exec) answers 127 for a command not found and 126 for one it cannot run.
    if (end.code === 127 || end.code === 126) return new HostTmuxNotFound(this.name);
    return null;
  }

  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new HostUnreachable(this.name, 'the server is shutting down'));
    if (this.connected) return Promise.resolve();
    // One connection attempt at a time: the first one starts the shared connection, and calls
    // that arrive meanwhile wait for it instead of each opening a connection of their own.
    this.connecting ??= this.probe()
      .then((r) => {
        if (r.error) throw r.error;
        this.connected = true;
      })
      .finally(() => {
        this.connecting = null;
      });
    return this.connecting;
  }

  lost(): void {
    this.connected = false;
  }

  /**
   * Connects (leaving the shared connection behind for the calls that follow) and asks the remote
   * tmux for its version. Bounded by the connect timeout + 1 s. Never rejects.
   */
  probe(): Promise<{ version: string | null; error: Error | null }> {
    return new Promise((resolve) => {
      const spec = this.spawn([this.settings.remoteTmuxBin, '-V']);
      const child = spawn(spec.file, spec.args, { stdio: ['ignore', 'pipe', 'pipe'] });
      this.everConnected = true;
      let out = '';
      let err = '';
      let timedOut = false;
      child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-8000)));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, this.connectLimitMs);
      child.once('error', (e) => {
        clearTimeout(timer);
        resolve({ version: null, error: new HostUnreachable(this.name, e.message) });
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        const o = splitAtMarker(out, this.marker);
        const e = splitAtMarker(err, this.marker);
        if (timedOut && !o.started)
          return resolve({
            version: null,
            error: new HostUnreachable(this.name, `no answer within ${this.settings.connectTimeoutSeconds + 1}s`),
          });
        const failure = code === 0 ? null : this.failure({ code, started: o.started, stderr: e.body, preamble: e.preamble });
        if (failure) return resolve({ version: null, error: failure });
        if (code !== 0) return resolve({ version: null, error: new HostTmuxNotFound(this.name) });
        // A successful probe leaves the shared connection up: later calls need not connect again.
        this.connected = true;
        resolve({ version: o.body.trim() || null, error: null });
      });
    });
  }

  /** Asks the shared connection to end (ControlPersist would keep it after we are gone). */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.everConnected || !this.dir.made) return;
    await new Promise<void>((resolve) => {
      const child = spawn(this.settings.sshBin, [...this.sshOptions(), '-O', 'exit', '--', this.name], { stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
      child.once('error', () => {
        clearTimeout(timer);
        resolve();
      });
      child.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** Every configured remote host, created on first use, sharing one private ControlPath directory. */
export class SshHosts {
  private readonly dir = new ControlDir();
  private readonly hosts = new Map<string, SshHost>();

  constructor(private readonly settings: SshSettings) {}

  get(name: string): SshHost {
    let h = this.hosts.get(name);
    if (!h) {
      h = new SshHost(name, this.settings, this.dir);
      this.hosts.set(name, h);
    }
    return h;
  }

  /** Ends every shared connection we started and removes the private directory. */
  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.hosts.values()].map((h) => h.close()));
    this.dir.remove();
  }
}
