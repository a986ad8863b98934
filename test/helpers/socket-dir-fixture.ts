import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killServerAndSocket } from './tmux-sockets';

/**
 * A private TMUX_TMPDIR for socket-discovery tests: `<dir>/tmux-<euid>/` holds tmux servers
 * started with `-S` (never the default socket), plus decoys (a stale socket inode, a plain file).
 * Pass `config: { tmuxTmpdir: fixture.dir }` to McpHarness. `cleanup()` kills only these servers.
 */
export class SocketDirFixture {
  readonly dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-test-sockdir-'));
  readonly socketDir: string;
  private readonly servers: string[] = [];

  constructor() {
    const uid = typeof process.geteuid === 'function' ? process.geteuid() : 0;
    this.socketDir = join(this.dir, `tmux-${uid}`);
    mkdirSync(this.socketDir, { mode: 0o700 });
  }

  /** Runs tmux on the server at `path` (synchronously, trimmed of the final newline). */
  tmux(path: string, ...args: string[]): string {
    return execFileSync('tmux', ['-u', '-S', path, '-f', '/dev/null', ...args], { encoding: 'utf8' }).replace(/\n$/, '');
  }

  /** Starts a tmux server on `<socketDir>/<name>` (or an absolute path) with one session; returns its socket path. */
  startServer(nameOrPath: string, session = 'main'): string {
    const path = nameOrPath.startsWith('/') ? nameOrPath : join(this.socketDir, nameOrPath);
    this.tmux(path, 'new-session', '-d', '-s', session, '-x', '80', '-y', '24', 'sh');
    this.servers.push(path);
    return path;
  }

  /** A socket inode nobody listens on any more (its listener was SIGKILLed, so it was never unlinked). */
  staleSocket(name: string): string {
    const path = join(this.socketDir, name);
    spawnSync(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    return path;
  }

  /** A regular file among the sockets (must be skipped). */
  plainFile(name: string): string {
    const path = join(this.socketDir, name);
    writeFileSync(path, 'not a socket');
    return path;
  }

  /** Kills the server at `path` (one this fixture started) and removes its socket file once it is gone. */
  killServer(path: string): void {
    killServerAndSocket(path);
  }

  /** Kills these servers, each gone (and its socket removed) before the directory under them goes. */
  cleanup(): void {
    for (const p of this.servers) this.killServer(p);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
