/**
 * No value reaches the remote shell as code (docs/reference/safety.md#remote-hosts,
 * docs/reference/engine.md#remote-command-line): every string a tool passes on to a remote tmux
 * (names, keys, commands, pasted text, buffer contents, option and environment values, channel
 * and socket names, format strings, pipe paths) arrives literally, read back through tmux on the
 * far side, and a marker file the payloads would create never appears. Run under both engines:
 * the exec engine sends every value on the ssh command line, the control engine on its control
 * client's stdin except the subprocess commands (load-buffer, show-buffer, wait-for).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture, shellQuote } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { killServerAndSocket, recordSocket, socketPathOf } from '../helpers/tmux-sockets';
import { describeSsh, newPane, remoteConfig, sshdPath, until, startRemote } from './remote-helpers';

type Row = Record<string, unknown>;

/**
 * What tmux itself stores for a name handed to it directly (one argv word, no shell): tmux 3.3a
 * escapes a backslash in session names and in rename-window (`a\\b` becomes `a\\\\b`), here as
 * for a local call. A remote call must store exactly the same.
 */
class NameOracle extends TmuxFixture {
  sessionName(name: string): string {
    const id = this.tmux('new-session', '-d', '-P', '-F', '#{session_id}', '-s', name, 'sh');
    return this.readAndKill(id, '#{session_name}', 'kill-session');
  }

  renamedSession(name: string): string {
    const id = this.tmux('new-session', '-d', '-P', '-F', '#{session_id}', 'sh');
    this.tmux('rename-session', '-t', id, name);
    return this.readAndKill(id, '#{session_name}', 'kill-session');
  }

  windowName(name: string): string {
    const id = this.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-n', name, 'sh');
    return this.readAndKill(id, '#{window_name}', 'kill-window');
  }

  renamedWindow(name: string): string {
    const id = this.tmux('new-window', '-d', '-P', '-F', '#{window_id}', 'sh');
    this.tmux('rename-window', '-t', id, name);
    return this.readAndKill(id, '#{window_name}', 'kill-window');
  }

  private readAndKill(id: string, format: string, kill: string): string {
    const v = this.tmux('display-message', '-p', '-t', id, format);
    this.tmux(kill, '-t', id);
    return v;
  }
}

describeSsh('injection through host (docs/reference/safety.md#remote-hosts)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const oracle = new NameOracle();
  // No '.' or ':' in the path (session names refuse them); mkdtemp's suffix is alphanumeric.
  const dir = mkdtempSync(join('/tmp', 'tmux-mcp-inj-'));
  const marker = join(dir, 'PWNED');
  let h: McpHarness;
  let host: string;
  let n = 0;

  /** One line each: what a shell would run if it read the value (the forms of docs/reference/safety.md#remote-hosts). */
  const core = [
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    `'; touch ${marker}; '`,
    `"$(touch ${marker})"`,
    `\\`,
    `> ${marker}`,
    `it's "quoted" & 'single'`,
  ];
  /** More of the same for the values that are cheap to set many times. */
  const words = [...core, `a\\\\b\\`, `x; touch ${marker} #`, `|| touch ${marker} &&`, `$HOME ~ * ? [a] {b,c} !x`, 'héllo→✓ ünï'];
  /** The same, with newlines: for values whose schema allows them. */
  const multiLine = [...words, `first\n$(touch ${marker})\n'\nlast`];

  const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
  /** A pane running `cat` into a file, its tty not echoing: the file gets exactly the bytes typed. */
  async function catPane(file: string): Promise<string> {
    const pane = newPane(tmux, 'main', `stty -echo; exec cat > ${shellQuote(file)}`);
    await until(
      () => tmux.tmux('display-message', '-p', '-t', pane, '#{pane_current_command}'),
      (c) => c === 'cat',
      'cat running',
    );
    return pane;
  }

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    oracle.start('oracle');
    h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd, { safety: 'destructive' }) });
  });
  afterEach(() => {
    expect(existsSync(marker)).toBe(false);
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    oracle.kill();
    await sshd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('session names (create_session, rename_session)', async () => {
    for (const w of core) {
      const s = await h.ok<Row>('create_session', { host, session_name: w });
      const name = () => tmux.tmux('display-message', '-p', '-t', String(s.session_id), '#{session_name}');
      expect(name()).toBe(oracle.sessionName(w));
      expect(s.session_name).toBe(name());
      const renamed = await h.ok<Row>('rename_session', { host, session_id: s.session_id, new_name: `r ${w}` });
      expect(name()).toBe(oracle.renamedSession(`r ${w}`));
      expect(renamed.session_name).toBe(name());
    }
  });

  it('window names (create_window, rename_window)', async () => {
    for (const w of core) {
      const win = await h.ok<Row>('create_window', { host, session_name: 'main', window_name: w });
      const name = () => tmux.tmux('display-message', '-p', '-t', String(win.window_id), '#{window_name}');
      expect(name()).toBe(oracle.windowName(w));
      await h.ok('rename_window', { host, window_id: win.window_id, new_name: `r ${w}` });
      expect(name()).toBe(oracle.renamedWindow(`r ${w}`));
    }
  });

  it('send_keys keys, literal and as key names', async () => {
    const file = join(dir, `keys-${++n}.txt`);
    const pane = await catPane(file);
    let expected = '';
    // Literal keys may hold newlines: the tty ends a line at each.
    for (const w of multiLine) {
      await h.ok('send_keys', { host, pane_id: pane, keys: w, literal: true });
      expected += `${w}\n`;
    }
    // Not literal: tmux reads the keys as one key name, which it types as text when it names no key.
    for (const w of core) {
      await h.ok('send_keys', { host, pane_id: pane, keys: `k ${w}` });
      expected += `k ${w}\n`;
    }
    expect(
      await until(
        () => read(file),
        (s) => s.length >= expected.length,
        'typed keys in the file',
      ),
    ).toBe(expected);
  });

  it('run_command command: the pane shell reads it once, as given', async () => {
    const pane = newPane(tmux, 'main');
    const r = await h.ok<{ exit_status: number; output: string[] }>('run_command', {
      host,
      pane_id: pane,
      command: `printf '%s\\n' ${words.map(shellQuote).join(' ')}`,
    });
    expect(r).toMatchObject({ exit_status: 0, output: words });
    // A multi-line command needs suppress_history=false (docs/reference/tools.md#run_command).
    const multi = await h.ok<{ output: string[] }>('run_command', {
      host,
      pane_id: pane,
      command: `printf '%s\\n' ${shellQuote(multiLine.at(-1)!)}`,
      suppress_history: false,
    });
    expect(multi.output).toEqual(multiLine.at(-1)!.split('\n'));
  });

  it('paste_text text', async () => {
    const file = join(dir, `paste-${++n}.txt`);
    const pane = await catPane(file);
    const text = `${multiLine.join('\n')}\n`;
    await h.ok('paste_text', { host, pane_id: pane, text, bracket: false });
    expect(
      await until(
        () => read(file),
        (s) => s.length >= text.length,
        'pasted text in the file',
      ),
    ).toBe(text);
  });

  it('load_buffer content, show_buffer', async () => {
    const content = multiLine.join('\n');
    const ref = await h.ok<{ buffer_name: string }>('load_buffer', { host, content });
    expect(tmux.tmux('show-buffer', '-b', ref.buffer_name)).toBe(content);
    expect(await h.ok('show_buffer', { host, buffer_name: ref.buffer_name })).toMatchObject({ content });
    await h.ok('delete_buffer', { host, buffer_name: ref.buffer_name });
  });

  it('option values (set_option, show_option)', async () => {
    for (const [i, v] of multiLine.entries()) {
      await h.ok('set_option', { host, option: `@inj${i}`, value: v, global_: true });
      expect(tmux.tmux('show-option', '-gv', `@inj${i}`)).toBe(v);
      expect(await h.ok('show_option', { host, option: `@inj${i}`, global_: true })).toEqual({ option: `@inj${i}`, value: v });
    }
  });

  it('environment values (set_environment, show_environment)', async () => {
    for (const [i, v] of multiLine.entries()) {
      await h.ok('set_environment', { host, name: `INJ_${i}`, value: v });
      expect(tmux.tmux('show-environment', '-g', `INJ_${i}`)).toBe(`INJ_${i}=${v}`);
    }
    const env = await h.ok<{ variables: Record<string, string> }>('show_environment', { host });
    multiLine.forEach((v, i) => expect(env.variables[`INJ_${i}`]).toBe(v));
  });

  it('display_message format strings', async () => {
    const pane = newPane(tmux, 'main');
    for (const w of words) {
      const r = await h.ok<{ result: string }>('display_message', { host, pane_id: pane, format_string: w });
      expect(r.result).toBe(w);
    }
  });

  it('channel names within their pattern (one starting with "-")', async () => {
    for (const c of ['-S', '--', '-x.y:z', `a_b-${process.pid}`]) {
      await h.ok('signal_channel', { host, channel: c });
      // tmux remembers the signal: a wait on the same name returns at once.
      expect(await h.ok('wait_for_channel', { host, channel: c, timeout: 10 })).toEqual({
        result: `Channel '${c}' was signalled (timeout 10s)`,
      });
    }
  });

  it('socket_name: an odd name reaches that server; a hostile one runs nothing', async () => {
    const odd = `${tmux.socket}-'"$x\`y\`;&|<> \\z`;
    recordSocket(socketPathOf(odd));
    execFileSync('tmux', ['-L', odd, '-f', '/dev/null', 'new-session', '-d', '-s', 'oddsess', 'sh']);
    try {
      const r = await h.ok<{ result: Row[] }>('list_sessions', { host, socket_name: odd });
      expect(r.result.map((s) => s.session_name)).toEqual(['oddsess']);
    } finally {
      // Our own server on our own name; tmux leaves its socket file behind, so that goes too.
      killServerAndSocket(odd);
    }
    for (const w of words) {
      // No server there: an empty list or a tmux error, never a command.
      const r = await h.call('list_sessions', { host, socket_name: w });
      if (!r.isError) expect(r.structuredContent).toEqual({ result: [] });
      else expect(r.content[0]?.text).not.toMatch(/^Host /);
    }
  });

  it('pipe_pane output_path', async () => {
    for (const w of [`$(touch ${marker})`, `\`touch ${marker}\``, `'; touch ${marker}; '`, `"$(touch ${marker})" \\ x`]) {
      // The payload's '/' make directories: create them, so the path exists literally.
      const sub = join(dir, `pipe-${++n}`, w);
      mkdirSync(sub, { recursive: true });
      const file = join(sub, 'out log');
      const pane = newPane(tmux, 'main');
      await h.ok('pipe_pane', { host, pane_id: pane, output_path: file });
      await until(
        () => tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}'),
        (v) => v === '1',
        'pipe open',
      );
      const t = `piped-${n}`;
      tmux.tmux('send-keys', '-t', pane, '-l', `echo ${t.slice(0, 3)}""${t.slice(3)}`);
      tmux.tmux('send-keys', '-t', pane, 'Enter');
      await until(
        () => read(file),
        (s) => s.includes(t),
        `${t} in ${JSON.stringify(file)}`,
      );
      await h.ok('pipe_pane', { host, pane_id: pane });
    }
  });
});
