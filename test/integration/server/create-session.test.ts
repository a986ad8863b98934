import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

interface Session {
  session_id: string;
  session_name: string | null;
  window_count: number;
  session_attached: number | null;
  session_created: number | null;
  active_pane_id: string | null;
}

describe('create_session', () => {
  const tmux = new TmuxFixture();
  const fresh = new TmuxFixture(); // never started by the fixture: create_session starts it
  const scratch = mkdtempSync(join(tmpdir(), 'tmux-mcp-test-cs-'));
  let h: McpHarness;
  const sessionCount = () => tmux.tmux('list-sessions', '-F', '#{session_id}').split('\n').length;

  beforeAll(async () => {
    tmux.start('alpha');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    fresh.kill();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('creates a detached session with name, window name, directory, size and env (session environment)', async () => {
    const s = await h.ok<Session>('create_session', {
      session_name: 'work',
      window_name: 'editor',
      start_directory: scratch,
      x: 100,
      y: 30,
      environment: { MY_VAR: 'hello world' },
    });
    expect(s.session_id).toMatch(/^\$\d+$/);
    expect(s.session_name).toBe('work');
    expect(s.window_count).toBe(1);
    expect(s.session_attached).toBe(0);
    expect(typeof s.session_created).toBe('number');
    expect(s.active_pane_id).toMatch(/^%\d+$/);
    expect(tmux.tmux('list-windows', '-t', s.session_id, '-F', '#{window_name} #{window_width}x#{window_height}')).toBe('editor 100x30');
    expect(tmux.tmux('display-message', '-p', '-t', s.active_pane_id!, '#{pane_current_path}')).toBe(scratch);
    // `new-session -e` sets the *session* environment on tmux 3.3a (inherited by future panes).
    expect(tmux.tmux('show-environment', '-t', s.session_id, 'MY_VAR')).toBe('MY_VAR=hello world');
    expect(tmux.tmux('show-environment', '-g')).not.toContain('MY_VAR=');
  });

  it('accepts environment as a JSON object string and merges suppress_persistent_history', async () => {
    const s = await h.ok<Session>('create_session', {
      session_name: 'quiet',
      environment: '{"HISTCONTROL": "ignoredups"}',
      suppress_persistent_history: true,
    });
    const env = tmux.tmux('show-environment', '-t', s.session_id).split('\n');
    expect(env).toEqual(
      expect.arrayContaining(['HISTFILE=', 'fish_history=', 'fish_private_mode=1', 'HISTCONTROL=ignoredups:ignorespace']),
    );
  });

  it('lets tmux pick a name when session_name is null', async () => {
    const s = await h.ok<Session>('create_session', { session_name: null });
    expect(s.session_name).toMatch(/^\d+$/);
    expect(s.active_pane_id).toMatch(/^%\d+$/);
  });

  it('keeps # literal in names and directories: nothing runs, names read back exactly (docs/reference/tools.md#names-and-escaping)', async () => {
    const marker = join(scratch, 'ran');
    const dir = join(scratch, 'd#ir');
    mkdirSync(dir);
    const name = `x#(touch ${marker})#{session_id}##`;
    const s = await h.ok<Session>('create_session', { session_name: name, window_name: 'w#{pane_id}#(true)', start_directory: dir });
    expect(s.session_name).toBe(name);
    expect(tmux.tmux('list-windows', '-t', s.session_id, '-F', '#{window_name}')).toBe('w#{pane_id}#(true)');
    expect(tmux.tmux('display-message', '-p', '-t', s.active_pane_id!, '#{pane_current_path}')).toBe(dir);
    expect(existsSync(marker)).toBe(false);
  });

  it('keeps a trailing semicolon (tmux would read it as a command separator)', async () => {
    expect((await h.ok<Session>('create_session', { session_name: 'semi;' })).session_name).toBe('semi;');
  });

  it("reports the name tmux stores for '$' and finds it by the given form (docs/reference/tools.md#session-names)", async () => {
    const s = await h.ok<Session>('create_session', { session_name: 'cost$HOME' });
    expect(s.session_name).toBe('cost\\$HOME');
    const info = await h.ok<Session>('get_session_info', { session_name: 'cost$HOME' });
    expect(info.session_id).toBe(s.session_id);
    const dup = await h.err('create_session', { session_name: 'cost$HOME' });
    expect(dup.text).toBe('Session named cost$HOME exists');
  });

  it.each([
    ['', 'Bad session name: empty'],
    ['a.b', 'Bad session name: contains periods (session name: a.b)'],
    ['a:b', 'Bad session name: contains colons (session name: a:b)'],
  ])('rejects the session name %j before tmux sees it', async (name, text) => {
    const before = sessionCount();
    const e = await h.err('create_session', { session_name: name });
    expect(e.text).toBe(text);
    expect(e.meta).toMatchObject({ error_type: 'BadSessionName', expected: true });
    expect(sessionCount()).toBe(before);
  });

  it('refuses an existing name with TmuxSessionExists', async () => {
    const e = await h.err('create_session', { session_name: 'alpha' });
    expect(e.text).toBe('Session named alpha exists');
    expect(e.meta).toMatchObject({ error_type: 'TmuxSessionExists', expected: true });
  });

  it('renders a refused name through the safe repr (docs/reference/protocol.md#safe-repr)', async () => {
    const long = `${'n'.repeat(250)}.x`;
    const e = await h.err('create_session', { session_name: long });
    expect(e.text).toBe(`Bad session name: contains periods (session name: ${'n'.repeat(200)}...)`);
  });

  it('fails environment conflicts before any tmux call, without echoing the value', async () => {
    const before = sessionCount();
    const e = await h.err('create_session', {
      session_name: 'conflict',
      environment: { HISTFILE: 'SECRET-PATH' },
      suppress_persistent_history: true,
    });
    expect(e.text).toBe(
      'environment variable HISTFILE conflicts with suppress_persistent_history=True; omit it or set it to an empty string',
    );
    expect(sessionCount()).toBe(before);
    expect((await h.err('create_session', { environment: '[1]' })).text).toBe('environment must be a JSON object, got list');
    const json = await h.err('create_session', { environment: '{"A": "SECRET' });
    expect(json.text).toMatch(/^Invalid environment JSON: /);
    expect(json.text).not.toContain('SECRET');
    expect(json.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    expect((await h.err('create_session', { environment: '{"A": null}' })).text).toBe('environment keys and values must be strings');
  });

  it('validates x/y >= 1 and control characters in names (docs/reference/tools.md#numeric-bounds, docs/reference/tools.md#names-and-escaping)', async () => {
    const x = await h.err('create_session', { x: 0 });
    expect(x.text).toContain('x\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
    expect(x.meta).toMatchObject({ error_type: 'ValidationError' });
    const y = await h.err('create_session', { y: -3 });
    expect(y.text).toContain('[type=greater_than_equal]');
    const ctl = await h.err('create_session', { session_name: 'a\nb' });
    expect(ctl.meta).toMatchObject({ error_type: 'ValidationError' });
    expect(ctl.text).toContain('session_name');
  });

  it('starts the tmux server when none runs on the socket', async () => {
    const s = await h.ok<Session>('create_session', { session_name: 'first', socket_name: fresh.socket });
    expect(s.session_name).toBe('first');
    expect(fresh.tmux('list-sessions', '-F', '#{session_name}')).toBe('first');
  });
});
