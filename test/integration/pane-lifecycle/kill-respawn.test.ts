import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { until } from '../../helpers/poll';

type Pane = Record<string, unknown> & { pane_id: string; pane_pid: number };

describe('kill_pane / respawn_pane', () => {
  const tmux = new TmuxFixture();
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tmux-mcp-respawn-')));
  let h: McpHarness;
  let socketPath: string;
  const fmt = (target: string, f: string) => tmux.tmux('display-message', '-p', '-t', target, f);
  /** A new pane in its own window (repeated splits of one 80x24 window run out of space). */
  const split = () => tmux.tmux('new-window', '-d', '-t', 'kr:', '-P', '-F', '#{pane_id}', 'sh');
  const exists = (id: string) => tmux.tmux('list-panes', '-a', '-F', '#{pane_id}').split('\n').includes(id);
  const screen = (id: string) => tmux.tmux('capture-pane', '-p', '-t', id);

  beforeAll(async () => {
    tmux.start('kr');
    socketPath = tmux.tmux('display-message', '-p', '#{socket_path}');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('kill_pane', () => {
    it('kills the pane', async () => {
      const p = split();
      const r = await h.call('kill_pane', { pane_id: p });
      expect(r.content).toEqual([{ type: 'text', text: `Pane killed: ${p}` }]);
      expect(r.structuredContent).toEqual({ result: `Pane killed: ${p}` });
      expect(exists(p)).toBe(false);
    });

    it('unknown pane → PaneNotFound; pane_id is required', async () => {
      const e = await h.err('kill_pane', { pane_id: '%9999' });
      expect(e.text).toBe('Pane not found: %9999\nCall list_panes to discover valid pane ids.');
      expect(e.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
      expect((await h.err('kill_pane', {})).text).toContain('pane_id\n  Field required [type=missing]');
      expect((await h.err('kill_pane', { pane_id: null })).text).toContain('pane_id\n  Input should be a valid string [type=string_type]');
    });

    it('is refused at the default (mutating) tier', async () => {
      const m = await McpHarness.start({ socket: tmux.socket });
      try {
        const p = split();
        const e = await m.err('kill_pane', { pane_id: p });
        expect(e.text).toContain("Tool 'kill_pane' is not available at the current safety level (mutating).");
        expect(exists(p)).toBe(true);
      } finally {
        await m.close();
      }
    });
  });

  describe('respawn_pane', () => {
    it('restarts the process in place: same pane_id, new pid, directory and environment', async () => {
      const p = split();
      const before = await h.ok<Pane>('get_pane_info', { pane_id: p });
      const r = await h.ok<Pane>('respawn_pane', {
        pane_id: p,
        shell: 'echo "V=$MCP_A/$MCP_B"; pwd; exec sh',
        start_directory: dir,
        environment: { MCP_A: 'one', MCP_B: '#{pane_id} %Y' },
      });
      expect(r.pane_id).toBe(p);
      expect(typeof r.pane_pid).toBe('number');
      expect(r.pane_pid).not.toBe(before.pane_pid);
      expect(fmt(p, '#{pane_pid}')).toBe(String(r.pane_pid));
      const text = await until(
        () => screen(p),
        (s) => s.includes(dir),
        'respawned output',
      );
      expect(text).toContain('V=one/#{pane_id} %Y');
      expect(text).toContain(dir);
    });

    it('keeps a start_directory containing # literally (docs/reference/tools.md#names-and-escaping)', async () => {
      const p = split();
      const odd = join(dir, 'd#{pane_id}#(x)');
      mkdirSync(odd);
      await h.ok<Pane>('respawn_pane', { pane_id: p, shell: 'pwd; exec sh', start_directory: odd });
      expect(
        await until(
          () => screen(p),
          (s) => s.includes(dir),
          'pwd printed',
        ),
      ).toContain(odd);
    });

    it('accepts the environment as a JSON string and validates it before any tmux call', async () => {
      const p = split();
      await h.ok('respawn_pane', { pane_id: p, shell: 'echo "J=$MCP_J"; exec sh', environment: '{"MCP_J":"json"}' });
      expect(
        await until(
          () => screen(p),
          (s) => s.includes('J=json'),
          'env printed',
        ),
      ).toContain('J=json');
      const bad = await h.err('respawn_pane', { pane_id: '%9999', environment: '[1]' });
      expect(bad.text).toBe('environment must be a JSON object, got list');
      const conflict = await h.err('respawn_pane', {
        pane_id: '%9999',
        environment: { HISTFILE: '/secret/path' },
        suppress_persistent_history: true,
      });
      expect(conflict.text).toBe(
        'environment variable HISTFILE conflicts with suppress_persistent_history=True; omit it or set it to an empty string',
      );
      expect(conflict.text).not.toContain('/secret/path');
    });

    it('suppress_persistent_history puts the history variables into the new environment', async () => {
      const p = split();
      await h.ok('respawn_pane', {
        pane_id: p,
        shell: 'echo "H=[$HISTFILE] C=$HISTCONTROL F=$fish_private_mode"; exec sh',
        suppress_persistent_history: true,
      });
      expect(
        await until(
          () => screen(p),
          (s) => s.includes('H=['),
          'env printed',
        ),
      ).toContain('H=[] C=ignorespace F=1');
    });

    it('kill=false on a live pane is a tmux error; on a dead pane (remain-on-exit) it works', async () => {
      const p = split();
      const e = await h.err('respawn_pane', { pane_id: p, kill: false });
      expect(e.text).toMatch(/^tmux error: respawn pane failed: pane .* still active$/);
      expect(e.meta).toMatchObject({ error_type: 'LibTmuxException', expected: true });
      tmux.tmux('set-option', '-p', '-t', p, 'remain-on-exit', 'on');
      tmux.tmux('send-keys', '-t', p, 'exit', 'Enter');
      await until(
        () => fmt(p, '#{pane_dead}'),
        (v) => v === '1',
        'pane dead',
      );
      const r = await h.ok<Pane>('respawn_pane', { pane_id: p, kill: false, shell: 'exec sh' });
      expect(r.pane_id).toBe(p);
      expect(fmt(p, '#{pane_dead}')).toBe('0');
      expect(fmt(p, '#{pane_pid}')).toBe(String(r.pane_pid));
    });

    it('a shell starting with "-" is a command, not a tmux flag', async () => {
      const p = split();
      const before = fmt(p, '#{pane_pid}');
      tmux.tmux('set-option', '-p', '-t', p, 'remain-on-exit', 'on'); // the command fails at once: keep the pane
      // Without `--` tmux 3.3a would answer "unknown flag -d" and respawn nothing.
      const r = await h.ok<Pane>('respawn_pane', { pane_id: p, shell: '-definitely-not-a-command-xyz' });
      expect(r.pane_id).toBe(p);
      expect(String(r.pane_pid)).not.toBe(before);
    });

    it('unknown pane → PaneNotFound', async () => {
      const e = await h.err('respawn_pane', { pane_id: '%9999' });
      expect(e.text).toBe('Pane not found: %9999\nCall list_panes to discover valid pane ids.');
    });
  });

  describe('self-kill guards (docs/reference/safety.md#self-kill-guards)', () => {
    let g: McpHarness;
    let self: string;

    beforeAll(async () => {
      self = split();
      g = await McpHarness.start({
        socket: tmux.socket,
        config: { safety: 'destructive', tmuxEnv: `${socketPath},12345,$0`, tmuxPane: self },
      });
    });
    afterAll(() => g.close());

    it('kill_pane refuses the pane running the server', async () => {
      const e = await g.err('kill_pane', { pane_id: self });
      expect(e.text).toBe('Refusing to kill the pane running this MCP server. Use a manual tmux command if intended.');
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      expect(exists(self)).toBe(true);
    });

    it('respawn_pane refuses the pane running the server', async () => {
      const pid = fmt(self, '#{pane_pid}');
      const e = await g.err('respawn_pane', { pane_id: self });
      expect(e.text).toBe('Refusing to respawn the pane running this MCP server. Use a manual tmux command if intended.');
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      expect(fmt(self, '#{pane_pid}')).toBe(pid);
    });

    it('other panes are still killable and respawnable; is_caller marks ours', async () => {
      const other = split();
      expect((await g.ok<Pane>('respawn_pane', { pane_id: other })).is_caller).toBe(false);
      expect((await g.ok<Pane>('get_pane_info', { pane_id: self })).is_caller).toBe(true);
      expect((await g.ok<{ result: string }>('kill_pane', { pane_id: other })).result).toBe(`Pane killed: ${other}`);
    });

    it('kill_pane checks the guard before resolving (a caller pane id that is gone still refuses)', async () => {
      const gone = await McpHarness.start({
        socket: tmux.socket,
        config: { safety: 'destructive', tmuxEnv: `${socketPath},12345,$0`, tmuxPane: '%9999' },
      });
      try {
        expect((await gone.err('kill_pane', { pane_id: '%9999' })).text).toBe(
          'Refusing to kill the pane running this MCP server. Use a manual tmux command if intended.',
        );
        // respawn_pane resolves first (docs/reference/tools.md#respawn_pane), so the missing pane is reported as such.
        expect((await gone.err('respawn_pane', { pane_id: '%9999' })).meta).toMatchObject({ error_type: 'PaneNotFound' });
      } finally {
        await gone.close();
      }
    });

    it('a caller on another server does not block', async () => {
      const other = split();
      const elsewhere = await McpHarness.start({
        socket: tmux.socket,
        config: { safety: 'destructive', tmuxEnv: `/nonexistent/dir/other-socket,1,$0`, tmuxPane: other },
      });
      try {
        expect((await elsewhere.ok<{ result: string }>('kill_pane', { pane_id: other })).result).toBe(`Pane killed: ${other}`);
      } finally {
        await elsewhere.close();
      }
    });
  });
});
