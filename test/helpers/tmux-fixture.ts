import { execFileSync, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { killServerAndSocket, recordSocket, socketPathOf } from './tmux-sockets';

/**
 * A private tmux server for one test file: `tmux -L tmux-mcp-test-<random> -f /dev/null`.
 * Never the default socket; `kill()` only ever targets this socket, and removes its socket file
 * (tmux leaves it behind: test/helpers/tmux-sockets.ts).
 */
export class TmuxFixture {
  readonly socket = `tmux-mcp-test-${randomBytes(6).toString('hex')}`;

  constructor() {
    // Recorded up front, so the global teardown also checks sockets of tests that never reach kill().
    recordSocket(socketPathOf(this.socket));
  }

  /** Runs tmux synchronously on the private socket and returns stdout (trimmed of the final newline). */
  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-u', '-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' }).replace(/\n$/, '');
  }

  /** Async variant (for commands that block, such as `wait-for`). */
  tmuxAsync(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) =>
      execFile('tmux', ['-u', '-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' }, (err, out, errOut) =>
        err ? reject(new Error(errOut || err.message)) : resolve(out.replace(/\n$/, '')),
      ),
    );
  }

  /** Starts the server with one detached session (80x24, a plain sh so prompts are predictable). */
  start(session = 'main'): this {
    this.tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', 'sh');
    return this;
  }

  newSession(name: string): string {
    return this.tmux('new-session', '-d', '-P', '-F', '#{session_id}', '-s', name, '-x', '80', '-y', '24', 'sh');
  }

  /**
   * Kills this fixture's own server (private socket only) and removes its socket file once the
   * server is gone. Also right after a test or a tool killed the server itself: the file stays.
   */
  kill(): void {
    killServerAndSocket(this.socket);
  }
}
