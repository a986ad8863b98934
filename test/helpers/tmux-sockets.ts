import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Socket-file hygiene for the tmux servers tests start. tmux 3.3a never unlinks its socket when
 * the server exits (not on kill-server, not when the last session ends, and a SIGKILLed server
 * cannot), so every private server leaves `<socket dir>/tmux-mcp-test-<random>` behind unless
 * the test removes it, and `list_servers` then probes each one. Fixtures therefore remove their
 * own socket file once its server is gone, and record every socket name they create in a
 * per-run ledger (test/global-setup.js) so test/global-teardown.ts can fail on leftovers.
 */

/** Env var naming the per-run ledger directory (set by test/global-setup.js; not a TMUX_MCP_* name, which setup-env.ts strips). */
export const LEDGER_ENV = 'JEST_TMUX_SOCKET_LEDGER';

/** The socket path tmux uses for `-L name` in this process's environment: `${TMUX_TMPDIR || '/tmp'}/tmux-<uid>/<name>`. */
export function socketPathOf(name: string): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${uid}`, name);
}

/**
 * Notes a socket this run creates (before any server exists on it, so a test that dies early is
 * still checked). One file per process: jest's workers append concurrently. Returns `path`.
 */
export function recordSocket(path: string): string {
  const dir = process.env[LEDGER_ENV];
  if (dir) appendFileSync(join(dir, `sockets-${process.pid}`), `${path}\n`);
  return path;
}

/**
 * What listens on a socket path: 'absent' (no file, or not a socket: never ours to remove),
 * 'dead' (a socket file nobody accepts on) or 'live'. Asks tmux itself (`list-sessions`, which
 * never starts a server); anything but a clear "nobody there" counts as live, so an exiting
 * server ("server exited unexpectedly") or a wedged one (the timeout) is never mistaken for dead.
 */
export function socketState(path: string, timeoutMs = 2000): 'absent' | 'dead' | 'live' {
  try {
    if (!lstatSync(path).isSocket()) return 'absent';
  } catch {
    return 'absent';
  }
  const r = spawnSync('tmux', ['-S', path, 'list-sessions'], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: timeoutMs,
  });
  const nobody = /^(no server running on |error connecting to .*\((Connection refused|No such file or directory)\))/m;
  return r.status !== null && r.status !== 0 && nobody.test(r.stderr ?? '') ? 'dead' : 'live';
}

/** Blocks this thread for `ms` between probes of a bounded poll (the fixtures' kill() is synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes the socket file at `path` once no server listens on it, polling for up to `budgetMs`
 * for an exiting server to finish (a bound, not an expectation: it usually takes one probe).
 * Leaves the file (returns false) while a server still answers: a live server's socket is never
 * removed.
 */
export function removeSocketWhenDead(path: string, budgetMs = 3000): boolean {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const state = socketState(path, Math.max(100, Math.min(1000, deadline - Date.now())));
    if (state === 'absent') return true;
    if (state === 'dead') {
      try {
        unlinkSync(path);
      } catch {
        // removed meanwhile (e.g. a new server on the same name cleared the stale file)
      }
      return true;
    }
    if (Date.now() >= deadline) return false;
    pause(10);
  }
}

/** True when `pid` is a process whose command line names `socket` (our own tmux server, not a reused pid). */
function isServerOf(pid: number, socket: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(socket);
  } catch {
    return false;
  }
}

/**
 * Ends the tmux server of a private socket (`socket`: a `-L` name, or an absolute `-S` path) if
 * one runs, and removes its socket file. Asks the live server for `#{socket_path}` and `#{pid}`
 * first, then `kill-server`; a server still answering after the bounded poll (a client that never
 * leaves, a server too busy to read) is SIGKILLed by pid (also `extraPids`, pids the caller
 * recorded earlier, when their command line names this socket), and its socket removed once dead.
 * Only ever targets `socket`, which the caller created.
 */
export function killServerAndSocket(socket: string, extraPids: Iterable<number> = []): void {
  const target = socket.startsWith('/') ? ['-S', socket] : ['-L', socket];
  let path = socket.startsWith('/') ? socket : socketPathOf(socket);
  const pids = new Set(extraPids);
  try {
    const [p, pid] = execFileSync('tmux', [...target, 'display-message', '-p', '#{socket_path}\t#{pid}'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .replace(/\n$/, '')
      .split('\t');
    if (p) path = p;
    if (Number(pid) > 0) pids.add(Number(pid));
  } catch {
    // no server (already killed, by the test or by a tool), or one too busy to answer
  }
  try {
    execFileSync('tmux', [...target, 'kill-server'], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // already gone, or wedged (handled below)
  }
  if (removeSocketWhenDead(path)) return;
  for (const pid of pids) {
    try {
      if (isServerOf(pid, socket)) process.kill(pid, 'SIGKILL');
    } catch {
      // exited between the check and the signal
    }
  }
  removeSocketWhenDead(path);
}
