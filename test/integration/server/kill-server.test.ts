import { execFileSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

const REFUSAL = 'Refusing to kill the tmux server while this MCP server is running inside it. Use a manual tmux command if intended.';

const alive = (t: TmuxFixture): boolean => {
  try {
    execFileSync('tmux', ['-L', t.socket, 'has-session'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('kill_server', () => {
  const victim = new TmuxFixture();
  const guarded = new TmuxFixture();
  let h: McpHarness;
  const logs: string[] = [];

  beforeAll(async () => {
    victim.start('doomed');
    guarded.start('home');
    h = await McpHarness.start({ socket: guarded.socket, config: { safety: 'destructive' }, logs });
  });
  afterAll(async () => {
    await h.close();
    victim.kill();
    guarded.kill();
  });

  it('kills the server, evicts its engine, and a later call starts afresh', async () => {
    expect((await h.ok<{ result: unknown[] }>('list_sessions', { socket_name: victim.socket })).result).toHaveLength(1);
    expect((await h.ok('kill_server', { socket_name: victim.socket })).result).toBe('Server killed successfully');
    expect(alive(victim)).toBe(false);
    expect((await h.ok<{ result: unknown[] }>('list_sessions', { socket_name: victim.socket })).result).toEqual([]);
    // The evicted engine is rebuilt on demand: the socket is usable again.
    await h.ok('create_session', { session_name: 'reborn', socket_name: victim.socket });
    expect(victim.tmux('list-sessions', '-F', '#{session_name}')).toBe('reborn');
    expect((await h.ok('kill_server', { socket_name: victim.socket })).result).toBe('Server killed successfully');
    expect(alive(victim)).toBe(false);
    // The engine was closed before the kill: no error or warning about a vanished server.
    expect(logs.filter((l) => /^(error|warn) tmux_mcp\.engine/.test(l))).toEqual([]);
  });

  it('succeeds when no server runs on the socket: a server already gone counts as killed (docs/reference/tools.md#kill_server)', async () => {
    expect((await h.ok('kill_server', { socket_name: `${victim.socket}-none` })).result).toBe('Server killed successfully');
  });

  it('is destructive: hidden and refused at the default tier', async () => {
    const m = await McpHarness.start({ socket: guarded.socket, config: { safety: 'mutating' } });
    try {
      const { tools } = await m.client.listTools();
      expect(tools.map((t) => t.name)).not.toContain('kill_server');
      const e = await m.err('kill_server', {});
      expect(e.text).toContain("Tool 'kill_server' is not available at the current safety level");
      expect(alive(guarded)).toBe(true);
    } finally {
      await m.close();
    }
  });

  describe('self-kill guard (docs/reference/safety.md#self-kill-guards)', () => {
    let socketPath: string;
    beforeAll(() => {
      socketPath = guarded.tmux('display-message', '-p', '#{socket_path}');
    });

    it('refuses when $TMUX names this server', async () => {
      const g = await McpHarness.start({
        socket: guarded.socket,
        config: { safety: 'destructive', tmuxEnv: `${socketPath},12345,$0`, tmuxPane: '%0' },
      });
      try {
        const e = await g.err('kill_server', {});
        expect(e.text).toBe(REFUSAL);
        expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
        expect(alive(guarded)).toBe(true);
      } finally {
        await g.close();
      }
    });

    it('refuses on a basename match and when TMUX_PANE is set without TMUX (conservative)', async () => {
      for (const config of [
        { tmuxEnv: `${join('/nonexistent-dir', basename(socketPath))},1,$0`, tmuxPane: '%0' },
        { tmuxEnv: null, tmuxPane: '%0' },
      ]) {
        const g = await McpHarness.start({ socket: guarded.socket, config: { safety: 'destructive', ...config } });
        try {
          expect((await g.err('kill_server', {})).text).toBe(REFUSAL);
        } finally {
          await g.close();
        }
      }
      expect(alive(guarded)).toBe(true);
    });

    it('allows killing another server while running inside tmux', async () => {
      const other = new TmuxFixture().start('other');
      const g = await McpHarness.start({
        socket: guarded.socket,
        config: { safety: 'destructive', tmuxEnv: `${socketPath},12345,$0`, tmuxPane: '%0' },
      });
      try {
        expect((await g.ok('kill_server', { socket_name: other.socket })).result).toBe('Server killed successfully');
        expect(alive(other)).toBe(false);
        expect(alive(guarded)).toBe(true);
      } finally {
        await g.close();
        other.kill();
      }
    });
  });
});
