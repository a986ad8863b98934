import { ChildProcessWithoutNullStreams, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { controlArgv, ENGINE_CLIENT_TERM } from '../../src/tmux/control-client';
import { escapeExecArg } from '../../src/tmux/control-quoting';
import { findSshd, freePort, remoteCommand, SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';

const sshdPath = findSshd();
if (!sshdPath) console.warn('sshd is not installed: skipping test/remote (install openssh-server; .ci/run does)');
const describeSsh = sshdPath ? describe : describe.skip;

const WAIT_MS = 10_000;

/** Splits a child's stdout into lines and lets a test wait (bounded) for a matching one. */
class Lines {
  readonly all: string[] = [];
  private buf = '';
  private waiters: { pred: (l: string) => boolean; resolve: (l: string) => void }[] = [];

  constructor(stream: NodeJS.ReadableStream) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.buf += chunk;
      let nl: number;
      while ((nl = this.buf.indexOf('\n')) >= 0) {
        const line = this.buf.slice(0, nl);
        this.buf = this.buf.slice(nl + 1);
        this.all.push(line);
        this.waiters = this.waiters.filter((w) => (w.pred(line) ? (w.resolve(line), false) : true));
      }
    });
  }

  /** The first line from index `from` on that matches. */
  wait(pred: (l: string) => boolean, from = 0, ms = WAIT_MS): Promise<string> {
    const seen = this.all.slice(from).find(pred);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching line within ${ms} ms; got:\n${this.all.join('\n')}`)), ms);
      this.waiters.push({
        pred,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
    });
  }
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** An ssh child running `tmux -C`, with its output split into lines and its exit awaited. */
class RemoteControlClient {
  readonly lines: Lines;
  readonly exited: Promise<Exit>;
  private stderr = '';

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    this.lines = new Lines(child.stdout);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (this.stderr += c));
    child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stderr: this.stderr })));
  }

  /** attach-session's own reply block (flags 0) comes first: then the client takes commands. */
  ready(): Promise<string> {
    return this.lines.wait((l) => /^%(end|error) \d+ \d+ 0$/.test(l));
  }

  /** Writes one command line and resolves with the body of its reply block. */
  async command(line: string): Promise<{ ok: boolean; body: string[] }> {
    const from = this.lines.all.length;
    this.child.stdin.write(`${line}\n`);
    const begin = await this.lines.wait((l) => /^%begin \d+ \d+ 1$/.test(l), from);
    const start = this.lines.all.indexOf(begin, from);
    const end = await this.lines.wait((l) => /^%(end|error) \d+ \d+ 1$/.test(l), start);
    const stop = this.lines.all.indexOf(end, start);
    return { ok: end.startsWith('%end'), body: this.lines.all.slice(start + 1, stop) };
  }

  /** Ends the ssh process if it is still running (bounded: SIGKILL after the wait). */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), WAIT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

function withTimeout<T>(p: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms))),
  ]);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie still answers kill(0); on Linux read its state.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor(cond: () => boolean, what: string, ms = WAIT_MS): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeSsh('sshd fixture (tmux over OpenSSH on 127.0.0.1)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const clients: RemoteControlClient[] = [];

  beforeAll(async () => {
    await sshd.start();
    tmux.start('main');
  });

  afterAll(async () => {
    for (const c of clients) await c.kill();
    tmux.kill();
    await sshd.stop();
  });

  const controlClient = (argv: readonly string[]): RemoteControlClient => {
    const c = new RemoteControlClient(sshd.spawnSsh([remoteCommand(argv)], ['-T']));
    clients.push(c);
    return c;
  };

  it('runs tmux -V on the other side', () => {
    expect(sshd.ssh('tmux', '-V').trim()).toBe(execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim());
  });

  it('lists a private tmux server over ssh (words quoted for the remote shell)', () => {
    // Unquoted, `#{session_name}` would start a shell comment on the remote side.
    const out = sshd.ssh(remoteCommand(['tmux', '-L', tmux.socket, 'list-sessions', '-F', '#{session_name}:#{session_windows}']));
    expect(out).toBe('main:1\n');
  });

  it('delivers hostile words byte-identical and runs nothing', async () => {
    const marker = `${sshd.dir}/pwned`;
    const words = [
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      ';id',
      'a\nb',
      "it's",
      '*',
      '~',
      '',
      ' x ',
      'tab\there',
      'back\\slash',
      '"q"',
      '$HOME',
      'a;',
      'héllo→✓',
      '#c',
      '!x',
      '-n',
    ];
    // One ssh call: `set-option -g @probeN <word>` for each word, joined by tmux's `;` separator word.
    const argv = ['tmux', '-u', '-L', tmux.socket];
    words.forEach((w, i) => argv.push(...(i ? [';'] : []), 'set-option', '-g', `@probe${i}`, escapeExecArg(w)));
    const r = await sshd.sshAsync([remoteCommand(argv)]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    words.forEach((w, i) => expect(tmux.tmux('show-option', '-gv', `@probe${i}`)).toBe(w));
    expect(existsSync(marker)).toBe(false);
  });

  it('reports a missing remote binary as exit 127 from the remote shell', async () => {
    const r = await sshd.sshAsync([remoteCommand(['nonexistent-tmux', '-V'])]);
    expect(r.code).toBe(127);
    expect(r.stderr).toMatch(/nonexistent-tmux: (command )?not found/);
  });

  it('talks to tmux -C over ssh -T and ends it by closing stdin', async () => {
    const c = controlClient(['tmux', '-u', '-L', tmux.socket, '-C', 'attach-session', '-t', 'main']);
    await withTimeout(c.ready(), 'attach');
    // Nothing but protocol lines before the first block: no banner, no escape sequences.
    expect(c.lines.all[0]).toMatch(/^%begin \d+ \d+ 0$/);
    const r = await withTimeout(c.command("list-sessions -F '#{session_name}'"), 'list-sessions');
    expect(r).toEqual({ ok: true, body: ['main'] });
    const bad = await withTimeout(c.command('list-panes -t nosuchsession'), 'error reply');
    expect(bad.ok).toBe(false);
    c.child.stdin.end();
    const exit = await withTimeout(c.exited, 'exit after stdin EOF');
    // ssh passes on tmux's status: after stdin EOF, `tmux -C` exits 1 when a command it ran
    // failed (the %error above) and 0 otherwise; detach-client exits 0 either way.
    expect(exit).toEqual({ code: 1, signal: null, stderr: '' });
    expect(c.lines.all[c.lines.all.length - 1]).toBe('%exit');
  });

  it('ends a remote control client with detach-client too', async () => {
    const c = controlClient(['tmux', '-u', '-L', tmux.socket, '-C', 'attach-session', '-t', 'main']);
    await withTimeout(c.ready(), 'attach');
    expect((await withTimeout(c.command('list-panes -t nosuchsession'), 'error reply')).ok).toBe(false);
    c.child.stdin.write('detach-client\n');
    const exit = await withTimeout(c.exited, 'exit after detach-client');
    expect(exit.code).toBe(0);
    expect(c.lines.all).toContain('%exit');
  });

  it("accepts the local engine's control argv unchanged once each word is quoted", async () => {
    const session = tmux.tmux('display-message', '-p', '-t', 'main', '#{session_id}');
    // `env` sets TERM for tmux (ssh -T passes no TERM) without relying on the shell's syntax.
    const argv = [
      'env',
      `TERM=${ENGINE_CLIENT_TERM}`,
      ...controlArgv(['tmux', '-u', '-L', tmux.socket], session, 'ignore-size,no-output,pause-after=1', {}),
    ];
    const c = controlClient(argv);
    await withTimeout(c.ready(), 'attach');
    const r = await withTimeout(c.command("display-message -p '#{client_termname}|#{client_utf8}|#{client_flags}'"), 'display');
    expect(r.ok).toBe(true);
    const [term, utf8, flags] = r.body[0].split('|');
    expect({ term, utf8 }).toEqual({ term: ENGINE_CLIENT_TERM, utf8: '1' });
    expect(flags.split(',')).toEqual(expect.arrayContaining(['control-mode', 'ignore-size', 'no-output', 'pause-after=1', 'UTF-8']));
    c.child.stdin.end();
    expect((await withTimeout(c.exited, 'exit')).code).toBe(0);
  });

  it('shares one connection through a ControlMaster socket and stops the master with -O exit', async () => {
    const opts = sshd.controlOptions(30);
    const accepted = () => sshd.log.split('\n').filter((l) => l.startsWith('Accepted publickey')).length;
    const before = accepted();
    const first = await sshd.sshAsync(['echo $SSH_CONNECTION'], { sshOptions: opts });
    expect(first.code).toBe(0);
    const check = await sshd.sshAsync([], { sshOptions: [...opts, '-O', 'check'] });
    expect(check.code).toBe(0);
    const masterPid = Number(/Master running \(pid=(\d+)\)/.exec(check.stderr)?.[1]);
    expect(masterPid).toBeGreaterThan(0);
    const second = await sshd.sshAsync(['echo $SSH_CONNECTION'], { sshOptions: opts });
    expect(second.code).toBe(0);
    // Same client port on the server side, and sshd accepted a single login for both.
    expect(second.stdout).toBe(first.stdout);
    await waitFor(() => accepted() === before + 1, 'sshd log line');
    expect(accepted()).toBe(before + 1);
    const exit = await sshd.sshAsync([], { sshOptions: [...opts, '-O', 'exit'] });
    expect(exit.code).toBe(0);
    expect(exit.stderr).toMatch(/^Exit request sent\./);
    await waitFor(() => !processExists(masterPid), 'master exit');
    const after = await sshd.sshAsync([], { sshOptions: [...opts, '-O', 'check'] });
    expect(after.code).toBe(255);
  });

  it('a control client loses its connection when sshd stops; a new one works after restart()', async () => {
    const c = controlClient(['tmux', '-u', '-L', tmux.socket, '-C', 'attach-session', '-t', 'main']);
    await withTimeout(c.ready(), 'attach');
    expect(tmux.tmux('list-clients', '-F', '#{client_control_mode}')).toContain('1');
    const port = sshd.port;
    await sshd.restart();
    const exit = await withTimeout(c.exited, 'ssh exit after sshd stop');
    expect(exit.code).toBe(255);
    expect(exit.stderr).toMatch(/closed by remote host|Connection closed|Broken pipe/);
    // The remote tmux client saw its stdin close and left.
    await waitFor(() => !tmux.tmux('list-clients', '-F', '#{client_control_mode}').includes('1'), 'remote tmux client exit');
    expect(sshd.port).toBe(port);
    expect(sshd.ssh('tmux', '-V')).toMatch(/^tmux /);
    const again = controlClient(['tmux', '-u', '-L', tmux.socket, '-C', 'attach-session', '-t', 'main']);
    await withTimeout(again.ready(), 'attach after restart');
    again.child.stdin.end();
    expect((await withTimeout(again.exited, 'exit')).code).toBe(0);
  });

  it('fails fast with exit 255 on a closed port', async () => {
    const port = await freePort();
    const r = await sshd.sshAsync(['true'], { sshOptions: ['-o', `Port=${port}`] });
    expect(r.code).toBe(255);
    expect(r.stderr.trim()).toBe(`ssh: connect to host 127.0.0.1 port ${port}: Connection refused`);
  });

  it('refuses an unknown host key in batch mode', async () => {
    const r = await sshd.sshAsync(['true'], { sshOptions: ['-o', 'UserKnownHostsFile=/dev/null'] });
    expect(r.code).toBe(255);
    expect(r.stderr).toContain('Host key verification failed.');
  });
});
