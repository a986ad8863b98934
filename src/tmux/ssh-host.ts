import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostConnectionLost, HostTmuxNotFound, HostUnreachable } from './tmux-errors';
import { ENGINE_CLIENT_TERM, type ProcessEnd, type SpawnOptions, type SpawnSpec, type TmuxHost } from './tmux-host';

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
 * a password or a passphrase, and nothing here weakens host key checking. This class only says
 * how to start a process there and what its end means; the ProcessRunner starts them.
 */
export class SshHost implements TmuxHost {
  readonly marker = `tmux-mcp-ready-${randomBytes(8).toString('hex')}`;
  /** The remote `tmux -V` line of the last successful connection. */
  version: string | null = null;
  /** Set once a process was spawned: a master may be running and is asked to exit at close. */
  everUsed = false;

  constructor(
    readonly name: string,
    readonly settings: SshSettings,
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
    this.everUsed = true;
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

  /** The arguments (after the ssh binary) that ask the shared connection to end. */
  exitArgs(): string[] {
    return [...this.sshOptions(), '-O', 'exit', '--', this.name];
  }

  failure(end: ProcessEnd): Error | null {
    if (!end.started) {
      const why = lastLine(end.preamble) || (end.code === null ? 'ssh was stopped' : `ssh exited with status ${end.code}`);
      return new HostUnreachable(this.name, why);
    }
    if (end.code === 255) return new HostConnectionLost(this.name);
    // `env` (or sh's exec) answers 127 for a command not found and 126 for one it cannot run.
    if (end.code === 127 || end.code === 126) return new HostTmuxNotFound(this.name);
    return null;
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

  /** Hosts a process was started for (a shared connection may be up). */
  started(): SshHost[] {
    return this.dir.made ? [...this.hosts.values()].filter((h) => h.everUsed) : [];
  }

  removeDir(): void {
    this.dir.remove();
  }
}
