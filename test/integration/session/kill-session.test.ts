import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

const NO_TARGET = 'Refusing to kill without an explicit target. Provide session_name or session_id.';
const REFUSAL = "Refusing to kill the session containing this MCP server's pane. Use a manual tmux command if intended.";

describe('kill_session', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  const names = () => tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n');

  beforeAll(async () => {
    tmux.start('keep');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('requires an explicit target (no first-session fallback)', async () => {
    const e = await h.err('kill_session', {});
    expect(e.text).toBe(NO_TARGET);
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    expect(names()).toEqual(['keep']);
  });

  it('kills by name and by id, naming the session', async () => {
    tmux.newSession('byname');
    expect((await h.ok('kill_session', { session_name: 'byname' })).result).toBe('Session killed: byname');
    const id = tmux.newSession('byid');
    expect((await h.ok('kill_session', { session_id: id })).result).toBe('Session killed: byid');
    expect(names()).toEqual(['keep']);
  });

  it('answers an unknown session with the not-found error', async () => {
    const e = await h.err('kill_session', { session_name: 'kee' });
    expect(e.text).toBe(
      'Object not found: Could not find session_name=kee for list-sessions\nCall list_sessions / list_windows / list_panes to discover valid ids.',
    );
    expect(names()).toEqual(['keep']);
  });

  it("refuses the session holding the caller's pane, allows the others (docs/reference/safety.md#self-kill-guards)", async () => {
    const homeId = tmux.newSession('home');
    const pane = tmux.tmux('display-message', '-p', '-t', homeId, '#{pane_id}');
    tmux.newSession('spare');
    const socketPath = tmux.tmux('display-message', '-p', '#{socket_path}');
    const g = await McpHarness.start({
      socket: tmux.socket,
      config: { safety: 'destructive', tmuxEnv: `${socketPath},12345,${homeId}`, tmuxPane: pane },
    });
    try {
      for (const args of [{ session_name: 'home' }, { session_id: homeId }]) {
        const e = await g.err('kill_session', args);
        expect(e.text).toBe(REFUSAL);
        expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      }
      expect((await g.ok('kill_session', { session_name: 'spare' })).result).toBe('Session killed: spare');
      // The caller's window linked into another session makes that session hold the caller too.
      const linkId = tmux.newSession('linked');
      tmux.tmux('link-window', '-s', tmux.tmux('display-message', '-p', '-t', pane, '#{window_id}'), '-t', `${linkId}:7`);
      expect((await g.err('kill_session', { session_id: linkId })).text).toBe(REFUSAL);
      tmux.tmux('unlink-window', '-t', `${linkId}:7`);
      expect((await g.ok('kill_session', { session_id: linkId })).result).toBe('Session killed: linked');
      expect(names()).toEqual(['home', 'keep']); // tmux lists sessions sorted by name
    } finally {
      await g.close();
    }
  });

  it('is destructive: refused at the default tier', async () => {
    const m = await McpHarness.start({ socket: tmux.socket, config: { safety: 'mutating' } });
    try {
      expect((await m.err('kill_session', { session_name: 'keep' })).text).toContain("Tool 'kill_session' is not available");
      expect(names()).toContain('keep');
    } finally {
      await m.close();
    }
  });
});
