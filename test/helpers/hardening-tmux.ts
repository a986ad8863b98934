import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TmuxFixture } from './tmux-fixture';
import { killServerAndSocket } from './tmux-sockets';

/**
 * A private tmux server for the hardening suites (`tmux -L tmux-mcp-test-<random> -f /dev/null`,
 * via TmuxFixture) whose shells live in a private temp directory: the server starts there with
 * HOME pointing at it, and `default-command` sends every new pane there too, so text typed into a
 * shell by generated input can only ever touch that directory. `kill()` touches only this socket.
 */
export class HardenedTmux extends TmuxFixture {
  /** Private scratch directory (no dots or colons, so it can appear in tmux names). */
  readonly dir = mkdtempSync(join(tmpdir(), 'hz-'));
  /** Pids of the servers this fixture started (cleanup makes sure they are gone). */
  private readonly pids = new Set<number>();

  private run(args: string[]): string {
    return execFileSync('tmux', ['-u', '-L', this.socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: this.dir,
      env: { ...process.env, HOME: this.dir, ENV: '', HISTFILE: '' },
    }).replace(/\n$/, '');
  }

  override tmux(...args: string[]): string {
    return this.run(args);
  }

  /** Starts the server (if needed) with a session of a plain `sh` in the scratch dir; returns its id. */
  override start(session = 'main'): this {
    this.session(session);
    return this;
  }

  /** A new detached session (80x24, sh in the scratch dir); the server's shell defaults are (re)applied. */
  session(name: string, width = 80, height = 24): string {
    const id = this.run([
      'new-session',
      '-d',
      '-P',
      '-F',
      '#{session_id}',
      '-s',
      name,
      '-x',
      String(width),
      '-y',
      String(height),
      '-c',
      this.dir,
      'sh',
    ]);
    this.run(['set-option', '-g', 'default-command', `cd '${this.dir}' && exec sh`]);
    this.pids.add(this.serverPid());
    return id;
  }

  override newSession(name: string): string {
    return this.session(name);
  }

  /** True while the server answers. */
  alive(): boolean {
    try {
      this.run(['list-sessions']);
      return true;
    } catch {
      return false;
    }
  }

  /** Makes sure the server runs with at least one session (after a test killed it or its shells). */
  ensure(session = 'main'): void {
    if (!this.alive()) this.session(session);
  }

  serverPid(): number {
    return Number(this.run(['display-message', '-p', '#{pid}']));
  }

  /** A pane id of a session (its first pane). */
  firstPane(target?: string): string {
    return this.run(['list-panes', ...(target ? ['-t', target] : []), '-F', '#{pane_id}']).split('\n')[0];
  }

  allPanes(): string[] {
    try {
      return this.run(['list-panes', '-a', '-F', '#{pane_id}']).split('\n').filter(Boolean);
    } catch {
      return [];
    }
  }

  /** Our engine's control clients (client_termname = tmux-mcp-engine, docs/reference/engine.md#attaching). */
  engineClients(): string[] {
    try {
      return this.run(['list-clients', '-F', '#{client_name}\t#{client_termname}'])
        .split('\n')
        .filter((l) => l.endsWith('\ttmux-mcp-engine'))
        .map((l) => l.split('\t')[0]);
    } catch {
      return [];
    }
  }

  /** Buffers our server created (`tmux_mcp_` prefix, docs/reference/engine.md#buffer-names). */
  ourBuffers(): string[] {
    try {
      return this.run(['list-buffers', '-F', '#{buffer_name}'])
        .split('\n')
        .filter((b) => b.startsWith('tmux_mcp_'));
    } catch {
      return [];
    }
  }

  /** run_command's pane options (`@s_<id>`, docs/reference/engine.md#run-payload) still set on any pane. */
  runOptions(): string[] {
    const out: string[] = [];
    for (const p of this.allPanes()) {
      try {
        for (const line of this.run(['show-options', '-p', '-t', p]).split('\n')) if (line.startsWith('@s_')) out.push(`${p} ${line}`);
      } catch {
        // pane went away meanwhile
      }
    }
    return out;
  }

  /**
   * Kills the server (private socket only), removes its socket file once it is gone, and removes
   * the scratch directory. A server that survives `kill-server` (one of its clients never leaves)
   * is ended by the pids we recorded.
   */
  cleanup(): void {
    killServerAndSocket(this.socket, this.pids);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** As TmuxFixture.kill(), with the recorded pids as the fallback for a server that will not exit. */
  override kill(): void {
    killServerAndSocket(this.socket, this.pids);
  }

  /** SIGKILLs the servers this fixture started that still run (one too busy to answer tmux). */
  forceKill(): void {
    for (const pid of this.pids) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(this.socket)) process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  }
}
