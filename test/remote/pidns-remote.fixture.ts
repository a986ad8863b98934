/**
 * A "remote" tmux server whose processes this machine's /proc does not show as they are: the
 * server runs in a PID namespace of its own with its own /proc (`unshare --pid --fork
 * --mount-proc tmux -D -S SOCKET`, a child of the test), so the pane pids it reports name other
 * processes here (or none). Reached over the loopback sshd through a TMUX_MCP_REMOTE_TMUX_BIN
 * wrapper that turns the engine's `-u -L NAME` into that socket path (and `-N`: never start a
 * server outside the namespace); the jobs the server runs (the input probe's look,
 * docs/reference/engine.md#waiting-for-input) run inside the namespace and see its /proc. Sessions
 * are created by ordinary clients through the socket path.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../helpers/poll';
import { shellQuote } from '../helpers/sshd-fixture';
import { killServerAndSocket, recordSocket } from '../helpers/tmux-sockets';

/** The `unshare` flags that give a PID namespace with its own /proc here, or null when none works. */
export function unshareFlags(): string[] | null {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const candidates = root ? [['--pid', '--fork', '--mount-proc']] : [['--user', '--map-root-user', '--pid', '--fork', '--mount-proc']];
  for (const flags of candidates) {
    const r = spawnSync('unshare', [...flags, 'sh', '-c', 'echo $$'], { encoding: 'utf8', timeout: 10_000 });
    if (r.status === 0 && r.stdout.trim() === '1') return flags;
  }
  return null;
}

export class PidNamespaceTmux {
  readonly dir = mkdtempSync('/tmp/tmux-mcp-ns-');
  readonly socketPath = recordSocket(join(this.dir, 'sock'));
  /** The wrapper (TMUX_MCP_REMOTE_TMUX_BIN). */
  readonly bin = join(this.dir, 'remote-tmux');
  private server: ChildProcess | null = null;

  constructor(private readonly flags: string[]) {
    const sock = shellQuote(this.socketPath);
    writeFileSync(
      this.bin,
      ['#!/bin/sh', `if [ "$1" = -u ] && [ "$2" = -L ]; then shift 3; exec tmux -u -N -S ${sock} "$@"; fi`, 'exec tmux "$@"', ''].join(
        '\n',
      ),
    );
    chmodSync(this.bin, 0o755);
  }

  /** tmux on the namespaced server (never starts one); stdout without its final newline. */
  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-u', '-N', '-S', this.socketPath, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).replace(/\n$/, '');
  }

  /** Starts the server in its namespace and a session `main` running sh (windows run sh too). */
  async start(): Promise<void> {
    // --kill-child: the server goes with its unshare process, whatever happens to the test.
    this.server = spawn('unshare', ['--kill-child', ...this.flags, 'tmux', '-D', '-S', this.socketPath, '-f', '/dev/null'], {
      stdio: 'ignore',
    });
    await until(
      () => {
        try {
          this.tmux('new-session', '-d', '-s', 'main', '-x', '80', '-y', '24', 'sh');
          return true;
        } catch {
          return false;
        }
      },
      (ok) => ok || this.server?.exitCode !== null,
      'the namespaced tmux server answers',
    );
    if (this.server.exitCode !== null) throw new Error('the namespaced tmux server exited');
    this.tmux('set-option', '-g', 'default-shell', '/bin/sh');
  }

  /** The server's own pid as it sees itself (1 in its namespace). */
  pid(): number {
    return Number(this.tmux('display-message', '-p', '#{pid}'));
  }

  /** Kills the server (by its socket path), waits for the unshare child, removes the directory. */
  async stop(): Promise<void> {
    killServerAndSocket(this.socketPath);
    const child = this.server;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
