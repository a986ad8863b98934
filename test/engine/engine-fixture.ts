import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ControlEngine } from '../../src/tmux/control-engine';
import type { EngineLogger } from '../../src/tmux/control-client';
import { ExecEngine } from '../../src/tmux/exec-engine';
import type { TmuxServerKey } from '../../src/tmux/tmux-engine';
import { testRunner } from '../helpers/process-runner';
import { killServerAndSocket, recordSocket, socketPathOf } from '../helpers/tmux-sockets';

/** Collects engine logs so tests can assert on levels (nothing reaches stdout). */
export class MemoryLogger implements EngineLogger {
  readonly records: { level: string; message: string }[] = [];
  debug(message: string): void {
    this.records.push({ level: 'debug', message });
  }
  info(message: string): void {
    this.records.push({ level: 'info', message });
  }
  warn(message: string): void {
    this.records.push({ level: 'warn', message });
  }
  error(message: string): void {
    this.records.push({ level: 'error', message });
  }
  at(level: string): string[] {
    return this.records.filter((r) => r.level === level).map((r) => r.message);
  }
}

/**
 * A private tmux server (`-L tmux-mcp-test-<random> -f /dev/null`); kill() touches only it, and
 * removes its socket file (tmux leaves it behind: test/helpers/tmux-sockets.ts).
 */
export class PrivateTmux {
  readonly socket = `tmux-mcp-test-${randomBytes(6).toString('hex')}`;
  readonly key: TmuxServerKey = { host: null, socketName: this.socket, socketPath: null, tmuxBin: 'tmux' };

  constructor() {
    // Recorded up front, so the global teardown also checks sockets of tests that never reach kill().
    recordSocket(socketPathOf(this.socket));
  }

  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-u', '-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' }).replace(/\n$/, '');
  }

  tmuxAsync(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) =>
      execFile('tmux', ['-u', '-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' }, (err, out, errOut) =>
        err ? reject(new Error(errOut || err.message)) : resolve(out.replace(/\n$/, '')),
      ),
    );
  }

  /** A detached 80x24 session running plain sh; returns its id. */
  newSession(name: string): string {
    return this.tmux('new-session', '-d', '-P', '-F', '#{session_id}', '-s', name, '-x', '80', '-y', '24', 'sh');
  }

  /** Kills the server (if any; a test may have SIGKILLed it) and removes its socket file once it is gone. */
  kill(): void {
    killServerAndSocket(this.socket);
  }

  /** The argv prefix engines use for this server. */
  engineArgv(): string[] {
    return ['tmux', '-u', '-L', this.socket];
  }

  exec(): ExecEngine {
    return new ExecEngine(this.key, testRunner);
  }

  control(logger = new MemoryLogger(), extra: { eventIdleMs?: number; retryMs?: number } = {}): ControlEngine {
    return new ControlEngine(this.key, { logger, runner: testRunner, exec: this.exec(), ...extra });
  }
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls a condition with a bounded number of tries (state checks, not timing). */
export async function until(cond: () => boolean | Promise<boolean>, tries = 500, stepMs = 10): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error('condition not reached');
}

/** Resolves with the first event of `kind` for a pane delivered by the engine. */
export function nextEvent(engine: ControlEngine, paneId: string, kind: string, match?: () => Promise<boolean>): Promise<void> {
  return new Promise((resolve) => {
    const off = engine.onPaneEvent(paneId, (ev) => {
      if (ev.kind !== kind) return;
      void (async () => {
        if (match && !(await match())) return;
        off();
        resolve();
      })();
    });
  });
}

/**
 * The clock and command number tmux will put on the next `%begin` (to forge them). Uses its
 * own control client, which leaves only after attaching and only once tmux has dropped it
 * (tmux 3.3a crashes when a client leaves while another identifies; see EngineGate).
 */
export async function nextBeginNumbers(t: PrivateTmux, session: string): Promise<{ time: number; num: number }> {
  const child = spawn('tmux', ['-L', t.socket, '-C', 'attach-session', '-E', '-f', 'ignore-size,no-output', '-t', session], {
    env: { ...process.env, TERM: 'tmux-mcp-engine' },
  });
  let out = '';
  let asked = false;
  const found = new Promise<{ time: number; num: number }>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!asked && /%end \d+ \d+ 0\n/.test(out)) {
        asked = true;
        child.stdin.write('display-message -p probe\n');
      }
      const m = /%begin (\d+) (\d+) 1\nprobe\n%end/.exec(out);
      if (m) resolve({ time: Number(m[1]), num: Number(m[2]) });
    });
  });
  const result = await found;
  const gone = new Promise((r) => child.once('close', r));
  child.stdin.end();
  await gone;
  await until(() => !t.tmux('list-clients', '-F', '#{client_pid}').split('\n').includes(String(child.pid)));
  return result;
}
