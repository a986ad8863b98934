/**
 * A "remote" tmux server that is not the local one under the same socket name
 * (docs/reference/engine.md#hosts): the remote host of the suites is this machine through a
 * loopback sshd, so `-L S` there would reach the local server `-L S`. This fixture writes a
 * wrapper script, given to the server as TMUX_MCP_REMOTE_TMUX_BIN, that runs tmux with its own
 * TMUX_TMPDIR (a private temp dir) only on the "remote machine": in a session of our sshd (its
 * SSH_CONNECTION ends with that sshd's address and port) or in a process of that remote server
 * (REMOTE_SIDE_ENV, set for the server the test starts and so for its panes). Run anywhere else
 * (this machine, by a call that forgot its host) it is the plain `tmux` it would be here, reaching
 * the LOCAL server, and it notes the run in `strayLog`. The test starts and reads the remote
 * server through the same wrapper.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killServerAndSocket, recordSocket } from '../helpers/tmux-sockets';
import { shellQuote } from '../helpers/sshd-fixture';

export const REMOTE_SIDE_ENV = 'E1_REMOTE_SIDE';

export class DistinctRemoteTmux {
  /** The private directory: TMUX_TMPDIR of the remote server, the wrapper, files the tools write there. */
  readonly dir: string;
  /** The wrapper script (TMUX_MCP_REMOTE_TMUX_BIN). */
  readonly bin: string;
  /** Where the wrapper notes each run outside the remote machine (one argv a line). */
  readonly strayLog: string;
  /** Where the remote server's socket lives (`<dir>/tmux-<uid>/<socket>`). */
  readonly socketPath: string;
  private readonly ownsDir: boolean;

  /**
   * `socket`: the same `-L` name as a local server's. `machine`: another server of the same
   * "remote machine" (its directory and wrapper); without it, a new machine (install() it).
   */
  constructor(
    readonly socket: string,
    machine?: DistinctRemoteTmux,
  ) {
    this.ownsDir = !machine;
    // Short path under /tmp: the socket path must fit a UNIX socket address.
    this.dir = machine ? machine.dir : mkdtempSync('/tmp/tmux-mcp-rt-');
    this.bin = join(this.dir, 'remote-tmux');
    this.strayLog = join(this.dir, 'stray-runs.log');
    const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
    this.socketPath = recordSocket(join(this.dir, `tmux-${uid}`, socket));
  }

  /** Writes the wrapper for the machine behind the sshd listening on 127.0.0.1:`sshdPort`. */
  install(sshdPort: number): void {
    const dir = shellQuote(this.dir);
    const script = [
      '#!/bin/sh',
      `case "$SSH_CONNECTION" in *' 127.0.0.1 ${sshdPort}') export ${REMOTE_SIDE_ENV}=1 ;; esac`,
      `if [ "$${REMOTE_SIDE_ENV}" = 1 ]; then TMUX_TMPDIR=${dir} exec tmux "$@"; fi`,
      `printf '%s\\n' "$*" >> ${shellQuote(this.strayLog)}`,
      'exec tmux "$@"',
      '',
    ].join('\n');
    writeFileSync(this.bin, script);
    chmodSync(this.bin, 0o755);
    writeFileSync(this.strayLog, '');
  }

  /** Runs of the wrapper outside the remote machine so far. */
  strayRuns(): string[] {
    return readFileSync(this.strayLog, 'utf8').split('\n').filter(Boolean);
  }

  private get env(): NodeJS.ProcessEnv {
    return { ...process.env, [REMOTE_SIDE_ENV]: '1' };
  }

  /** tmux on the remote server through the wrapper; stdout without its final newline. */
  tmux(...args: string[]): string {
    return execFileSync(this.bin, ['-u', '-L', this.socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).replace(/\n$/, '');
  }

  /** A long-lived tmux client on the remote server (e.g. a `wait-for`); the caller ends it. */
  spawn(...args: string[]): ChildProcess {
    return spawn(this.bin, ['-u', '-L', this.socket, '-f', '/dev/null', ...args], { env: this.env, stdio: 'ignore' });
  }

  /** Whether the remote server answers. */
  alive(): boolean {
    try {
      this.tmux('list-sessions');
      return true;
    } catch {
      return false;
    }
  }

  /** Starts the server with one session running sh (windows the tools make run sh too). */
  start(session: string): void {
    this.tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', 'sh');
    this.tmux('set-option', '-g', 'default-shell', '/bin/sh');
  }

  /** Kills the remote server (by its own socket path, never the local one) and removes its socket file. */
  kill(): void {
    killServerAndSocket(this.socketPath);
  }

  /** kill(), and remove the private directory if this server made it (kill the others first). */
  cleanup(): void {
    this.kill();
    if (this.ownsDir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A local tmux binary that notes every invocation in `log` before running tmux: given as
 * TMUX_MCP_TMUX_BIN, it shows any process the server starts on this machine.
 */
export function spyTmuxBin(dir: string): { bin: string; log: string; calls: () => string[]; clear: () => void } {
  const bin = join(dir, 'local-tmux');
  const log = join(dir, 'local-tmux.log');
  writeFileSync(bin, `#!/bin/sh\nprintf '%s\\n' "$*" >> ${shellQuote(log)}\nexec tmux "$@"\n`);
  chmodSync(bin, 0o755);
  writeFileSync(log, '');
  return {
    bin,
    log,
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    clear: () => writeFileSync(log, ''),
  };
}

/**
 * Everything a tool could change on one tmux server, read with `tmux` (a function running tmux
 * on that server): the server pid, sessions, windows, panes with their pids and screens,
 * clients, options at every scope, environment, buffers and hooks.
 */
export function serverState(tmux: (...args: string[]) => string): Record<string, unknown> {
  const lines = (...args: string[]): string[] => {
    const out = tmux(...args);
    return out === '' ? [] : out.split('\n');
  };
  const each = (ids: string[], read: (id: string) => unknown) => Object.fromEntries(ids.map((id) => [id, read(id)]));
  const sessions = lines('list-sessions', '-F', '#{session_id}');
  const windows = lines('list-windows', '-a', '-F', '#{window_id}');
  const panes = lines('list-panes', '-a', '-F', '#{pane_id}');
  return {
    pid: tmux('display-message', '-p', '#{pid}'),
    sessions: lines('list-sessions', '-F', '#{session_id}\t#{session_name}\t#{session_windows}\t#{session_attached}'),
    windows: lines(
      'list-windows',
      '-a',
      '-F',
      '#{session_id}\t#{window_id}\t#{window_index}\t#{window_name}\t#{window_active}\t#{window_layout}\t#{window_width}x#{window_height}',
    ),
    panes: lines(
      'list-panes',
      '-a',
      '-F',
      '#{window_id}\t#{pane_id}\t#{pane_index}\t#{pane_pid}\t#{pane_title}\t#{pane_width}x#{pane_height}\t#{pane_active}\t#{pane_in_mode}\t#{pane_pipe}\t#{pane_dead}\t#{history_size}',
    ),
    screens: each(panes, (p) => tmux('capture-pane', '-p', '-J', '-t', p)),
    clients: lines('list-clients', '-F', '#{client_pid}\t#{client_session}\t#{client_termname}'),
    options: {
      server: lines('show-options', '-s'),
      global: lines('show-options', '-g'),
      globalWindow: lines('show-options', '-gw'),
      sessions: each(sessions, (s) => lines('show-options', '-t', s)),
      windows: each(windows, (w) => lines('show-options', '-w', '-t', w)),
      panes: each(panes, (p) => lines('show-options', '-p', '-t', p)),
    },
    environment: { global: lines('show-environment', '-g'), sessions: each(sessions, (s) => lines('show-environment', '-t', s)) },
    buffers: each(lines('list-buffers', '-F', '#{buffer_name}'), (b) => tmux('show-buffer', '-b', b)),
    hooks: {
      global: lines('show-hooks', '-g'),
      globalWindow: lines('show-hooks', '-gw'),
      sessions: each(sessions, (s) => lines('show-hooks', '-t', s)),
      windows: each(windows, (w) => lines('show-hooks', '-w', '-t', w)),
    },
  };
}
