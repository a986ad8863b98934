/**
 * A private OpenSSH server on 127.0.0.1 for tests that drive tmux "on a remote host".
 *
 * How it works
 * - `await new SshdFixture().start()` makes a 0700 temp dir and writes into it: a fresh host
 *   key and user key (ed25519, no passphrase), `authorized_keys` (the user key), an
 *   `sshd_config` of its own, a `known_hosts` naming the host key for `[127.0.0.1]:<port>`,
 *   and a client `ssh_config` with one alias (`tmux-mcp-test`). Neither the system's sshd
 *   configuration nor ~/.ssh is read or written: `ssh -F <ssh_config>` ignores both.
 * - The port: bind port 0 on 127.0.0.1, note the port, close. Another process can take it
 *   before sshd binds it; sshd then exits with "Address already in use" and start() tries
 *   again with a new port (a few times).
 * - sshd runs in the foreground as our child (`/usr/sbin/sshd -D -e -f <config>`; sshd re-executes
 *   itself per connection, so the path must be absolute). `-e` sends its log to stderr;
 *   start() resolves when it prints "Server listening on 127.0.0.1 port N" and fails with that
 *   log if sshd exits first or the line does not come within the time limit.
 * - Running as root, sshd insists on its privilege separation directory (/run/sshd on Debian),
 *   normally made by the service manager. If sshd reports it missing, start() creates it
 *   (root only, 0755, empty) and tries once more. As another user sshd needs none of this and
 *   can only log that same user in; the fixture works for either.
 * - Killing sshd's listening process does not end connections already made: each one is served
 *   by its own sshd process. To look like "the host went away", stop() and dropConnections()
 *   end those connection processes (the sshd processes descending from our sshd, found through
 *   /proc and killed by pid), then the listener. Commands that were running remotely are not
 *   sshd processes and are left alone, as a real dropped connection would leave them.
 * - Connection sharing for tests: `controlOptions()` gives the ssh options for a master socket
 *   in `<dir>/cm` (0700). Such a master puts itself in the background and is not our child, so
 *   stop() first asks every master socket found there to exit (`ssh -O exit`).
 * - The "remote" side is this machine as the current user: sshd runs each command with the
 *   user's login shell (`$SHELL -c '<command>'`), and Debian's bash then reads ~/.bashrc, so
 *   slow or chatty rc files show up in these tests as they would on a real host. Quote every
 *   word of a remote command (remoteCommand) or the remote shell will interpret it.
 * - Every wait is bounded; nothing listens on anything but 127.0.0.1.
 */
import { ChildProcess, ChildProcessWithoutNullStreams, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const SSH_TEST_HOST = 'tmux-mcp-test';

const READY_TIMEOUT_MS = 10_000;
const EXIT_TIMEOUT_MS = 5_000;
const SSH_TIMEOUT_MS = 20_000;
const PORT_ATTEMPTS = 5;

/** Absolute path of sshd, or null when it is not installed (it often lives outside PATH). */
export function findSshd(): string | null {
  for (const p of ['/usr/sbin/sshd', '/usr/local/sbin/sshd', '/sbin/sshd']) if (existsSync(p)) return p;
  try {
    const found = execFileSync('sh', ['-c', 'command -v sshd'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return found.startsWith('/') ? found : null;
  } catch {
    return null;
  }
}

/**
 * POSIX single-quoting of one word for the remote shell: ssh sends the remote command as one
 * string and the login shell parses it, so every word must be quoted (`'` becomes `'\''`).
 */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A remote command line whose words reach the remote program exactly as given. */
export function remoteCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}

export interface SshResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface SshRunOptions {
  /** ssh options placed before the host alias, e.g. `['-T']` or controlOptions(). */
  sshOptions?: readonly string[];
  /** Written to ssh's stdin, which is then closed (default: stdin closed at once). */
  input?: string;
  timeoutMs?: number;
}

class BindFailed extends Error {}

/** Pid -> parent pid for every process (Linux /proc); empty where /proc is absent. */
function processTable(): Map<number, { ppid: number; comm: string; state: string }> {
  const table = new Map<number, { ppid: number; comm: string; state: string }>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // "pid (comm) state ppid ..."; comm may hold spaces or parentheses, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const [state, ppid] = stat
        .slice(close + 2)
        .split(' ')
        .slice(0, 2);
      table.set(Number(e), { ppid: Number(ppid), comm, state });
    } catch {
      // exited while we read
    }
  }
  return table;
}

/** State letter and parent of a process (Linux /proc), or null when it is gone. */
function procState(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(0, 2);
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Whether a process still runs (a zombie does not). */
function alive(pid: number): boolean {
  if (existsSync('/proc')) {
    const s = procState(pid);
    return s !== null && s.state !== 'Z';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `done()` holds, checking every 20 ms, for at most `ms`. Returns whether it held. */
async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** A port on 127.0.0.1 that was free a moment ago (bind port 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

export class SshdFixture {
  readonly host = SSH_TEST_HOST;
  readonly dir: string;
  readonly sshConfigPath: string;
  readonly sshdConfigPath: string;
  readonly knownHostsPath: string;
  readonly user = userInfo().username;
  private readonly sshdPath: string;
  private portNumber = 0;
  private child: ChildProcess | undefined;
  private childExit: Promise<void> = Promise.resolve();
  private logTail = '';

  constructor() {
    const sshd = findSshd();
    if (!sshd) throw new Error('sshd is not installed (Debian/Ubuntu: apt-get install openssh-server)');
    this.sshdPath = sshd;
    // mkdtemp makes the directory 0700. Keep its path short: a ControlPath inside it must fit
    // in a UNIX socket address (see controlOptions).
    this.dir = mkdtempSync(join(tmpdir().length > 40 ? '/tmp' : tmpdir(), 'tmux-mcp-sshd-'));
    this.sshConfigPath = join(this.dir, 'ssh_config');
    this.sshdConfigPath = join(this.dir, 'sshd_config');
    this.knownHostsPath = join(this.dir, 'known_hosts');
    mkdirSync(join(this.dir, 'cm'), { mode: 0o700 });
    for (const key of ['host_key', 'user_key']) {
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', `tmux-mcp-test-${key}`, '-f', join(this.dir, key)], {
        stdio: 'ignore',
        timeout: SSH_TIMEOUT_MS,
      });
    }
    writeFileSync(join(this.dir, 'authorized_keys'), readFileSync(join(this.dir, 'user_key.pub')), { mode: 0o600 });
  }

  get port(): number {
    return this.portNumber;
  }

  /** sshd's pid while it runs. */
  get pid(): number | undefined {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  /** The last 64 KiB of sshd's log (connections accepted and closed, errors). */
  get log(): string {
    return this.logTail;
  }

  /** The directory for ControlPath sockets (0700). */
  get controlDir(): string {
    return join(this.dir, 'cm');
  }

  /**
   * ssh options for connection sharing through a master socket in controlDir. `%C` (a 40-char
   * hash of host, port and user) keeps the path short: Linux allows 107 bytes and ssh adds a
   * 17-byte temporary suffix while creating the socket.
   */
  controlOptions(persist: string | number = 30): string[] {
    return ['-o', 'ControlMaster=auto', '-o', `ControlPath=${this.controlDir}/%C`, '-o', `ControlPersist=${persist}`];
  }

  /** Starts sshd on a free loopback port; resolves once it listens. */
  async start(): Promise<this> {
    for (let attempt = 1; ; attempt++) {
      this.portNumber = await freePort();
      this.writeConfigs();
      try {
        await this.launch();
        return this;
      } catch (err) {
        if (!(err instanceof BindFailed) || attempt >= PORT_ATTEMPTS) throw err;
      }
    }
  }

  /** Drops every connection, stops sshd, and starts it again on the same port and keys. */
  async restart(): Promise<void> {
    await this.stopSshd();
    await this.launch();
  }

  /** Ends the sshd processes serving open connections (clients see the connection close). */
  async dropConnections(): Promise<number[]> {
    const pid = this.pid;
    if (pid === undefined) return [];
    const table = processTable();
    const victims: number[] = [];
    const walk = (parent: number) => {
      for (const [p, info] of table)
        if (info.ppid === parent) {
          if (info.comm === 'sshd' && info.state !== 'Z') victims.push(p);
          walk(p);
        }
    };
    walk(pid);
    for (const p of victims) {
      try {
        process.kill(p, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    if (!(await waitUntil(() => victims.every((p) => !alive(p)), EXIT_TIMEOUT_MS))) {
      for (const p of victims.filter(alive)) process.kill(p, 'SIGKILL');
    }
    // Let the listener reap the ones it parents, so none is left a zombie once it is gone.
    await waitUntil(() => victims.every((p) => procState(p)?.ppid !== pid), EXIT_TIMEOUT_MS);
    return victims;
  }

  /** Stops shared-connection masters, sshd and its connections, and removes the temp dir. */
  async stop(): Promise<void> {
    this.exitMasters();
    await this.stopSshd();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** `['-F', config, ...sshOptions, alias, ...remote]`. */
  sshArgv(remote: readonly string[], sshOptions: readonly string[] = []): string[] {
    return ['-F', this.sshConfigPath, ...sshOptions, this.host, ...remote];
  }

  /** Runs `ssh -F <config> <alias> ...remote` and returns stdout; throws with stderr on failure. */
  ssh(...remote: string[]): string {
    try {
      return execFileSync('ssh', this.sshArgv(remote), {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: SSH_TIMEOUT_MS,
      });
    } catch (err) {
      const e = err as { status?: number; stderr?: string; message: string };
      throw new Error(`ssh ${remote.join(' ')} failed (exit ${e.status}): ${e.stderr || e.message}`, { cause: err });
    }
  }

  /** Runs ssh to completion without throwing on a non-zero exit; bounded by timeoutMs. */
  sshAsync(remote: readonly string[], opts: SshRunOptions = {}): Promise<SshResult> {
    return new Promise((resolve) => {
      const child = execFile(
        'ssh',
        this.sshArgv(remote, opts.sshOptions),
        { encoding: 'utf8', timeout: opts.timeoutMs ?? SSH_TIMEOUT_MS, killSignal: 'SIGKILL' },
        (err, stdout, stderr) => {
          const e = err as (Error & { code?: unknown; signal?: NodeJS.Signals | null }) | null;
          resolve({
            code: e ? (typeof e.code === 'number' ? e.code : null) : 0,
            signal: e?.signal ?? null,
            stdout,
            stderr,
          });
        },
      );
      child.stdin?.on('error', () => undefined); // EPIPE when ssh exits first
      child.stdin?.end(opts.input ?? '');
    });
  }

  /** Starts ssh with piped stdio (for control-mode clients); the caller owns and ends it. */
  spawnSsh(remote: readonly string[], sshOptions: readonly string[] = []): ChildProcessWithoutNullStreams {
    return spawn('ssh', this.sshArgv(remote, sshOptions), { stdio: ['pipe', 'pipe', 'pipe'] });
  }

  private writeConfigs(): void {
    const d = this.dir;
    const sshd = [
      `# Only loopback, on the port chosen for this run.`,
      `ListenAddress 127.0.0.1:${this.portNumber}`,
      `# Our own host key instead of /etc/ssh/ssh_host_*.`,
      `HostKey ${d}/host_key`,
      `# The default pid file (/run/sshd.pid) is shared with the system and not writable by users.`,
      `PidFile ${d}/sshd.pid`,
      `# Only the test key, whatever the user's ~/.ssh/authorized_keys holds.`,
      `AuthorizedKeysFile ${d}/authorized_keys`,
      `# Keys only: no password or keyboard-interactive prompts.`,
      `PubkeyAuthentication yes`,
      `PasswordAuthentication no`,
      `KbdInteractiveAuthentication no`,
      `# PAM would read the system's /etc/pam.d and needs root; it adds nothing for key logins.`,
      `UsePAM no`,
      `# StrictModes refuses key files below a group/world-writable directory such as /tmp.`,
      `StrictModes no`,
      `# The tests run as root in CI: allow root, with keys only.`,
      `PermitRootLogin prohibit-password`,
      `# The client sends SHLVL=1 (see the ssh config below): the user's login shell is then not a`,
      `# top-level shell and bash skips ~/.bashrc. A test machine's rc files (pyenv's rehash takes a`,
      `# lock; a login killed mid-way leaves it behind and every later login waits 60 s) must not`,
      `# decide whether the suite passes. What rc files do to a real host is the engine's concern.`,
      `AcceptEnv SHLVL`,
      ``,
    ].join('\n');
    writeFileSync(this.sshdConfigPath, sshd, { mode: 0o600 });
    const hostKey = readFileSync(join(d, 'host_key.pub'), 'utf8').trim().split(/\s+/).slice(0, 2).join(' ');
    writeFileSync(this.knownHostsPath, `[127.0.0.1]:${this.portNumber} ${hostKey}\n`, { mode: 0o600 });
    const ssh = [
      `Host ${this.host}`,
      `  HostName 127.0.0.1`,
      `  Port ${this.portNumber}`,
      `  User ${this.user}`,
      `  IdentityFile ${d}/user_key`,
      `  IdentitiesOnly yes`,
      `  UserKnownHostsFile ${this.knownHostsPath}`,
      `  GlobalKnownHostsFile /dev/null`,
      `  BatchMode yes`,
      `  LogLevel ERROR`,
      `  SetEnv SHLVL=1`,
      ``,
    ].join('\n');
    writeFileSync(this.sshConfigPath, ssh, { mode: 0o600 });
  }

  /** Starts sshd and resolves when it listens; retries once after making a missing privsep dir. */
  private async launch(privsepRetry = true): Promise<void> {
    try {
      await this.launchOnce();
    } catch (err) {
      const missing = /Missing privilege separation directory: (\/\S+)/.exec((err as Error).message);
      if (!missing || !privsepRetry || process.getuid?.() !== 0) throw err;
      mkdirSync(missing[1], { recursive: true, mode: 0o755 });
      await this.launch(false);
    }
  }

  private launchOnce(): Promise<void> {
    this.logTail = '';
    const child = spawn(this.sshdPath, ['-D', '-e', '-f', this.sshdConfigPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    this.childExit = new Promise((res) => child.once('close', () => res()));
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        fail(new Error(`sshd did not report listening within ${READY_TIMEOUT_MS} ms:\n${this.logTail}`));
        child.kill('SIGKILL');
      }, READY_TIMEOUT_MS);
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err);
      };
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        this.logTail = (this.logTail + chunk).slice(-65536);
        if (!settled && this.logTail.includes(`Server listening on 127.0.0.1 port ${this.portNumber}.`)) {
          settled = true;
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (err) => fail(err));
      child.once('close', (code, signal) => {
        const why = `sshd exited (${signal ?? code}) before listening:\n${this.logTail}`;
        fail(/Address already in use|Cannot bind any address/.test(this.logTail) ? new BindFailed(why) : new Error(why));
      });
    });
  }

  /** Connections first (while the listener still reaps them), then the listener itself. */
  private async stopSshd(): Promise<void> {
    const child = this.child;
    if (!child) return;
    await this.dropConnections();
    // With -D the pid file names the same process; anything else there is not ours to kill.
    try {
      const filePid = Number(readFileSync(join(this.dir, 'sshd.pid'), 'utf8').trim());
      if (filePid && filePid !== child.pid)
        console.warn(`sshd fixture: the pid file names ${filePid}, not our sshd ${child.pid}; left alone`);
    } catch {
      // no pid file: sshd already gone
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const exited = await Promise.race([
      this.childExit.then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), EXIT_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!exited) {
      child.kill('SIGKILL');
      await this.childExit;
    }
    this.child = undefined;
  }

  /** Asks every master socket in controlDir to exit (masters run detached, not as our children). */
  private exitMasters(): void {
    let sockets: string[];
    try {
      sockets = readdirSync(this.controlDir);
    } catch {
      return;
    }
    for (const s of sockets) {
      try {
        execFileSync('ssh', ['-F', this.sshConfigPath, '-o', `ControlPath=${join(this.controlDir, s)}`, '-O', 'exit', this.host], {
          stdio: 'ignore',
          timeout: SSH_TIMEOUT_MS,
        });
      } catch {
        // no master behind that socket
      }
    }
  }
}
