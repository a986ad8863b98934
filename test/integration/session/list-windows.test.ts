import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

interface Window {
  window_id: string;
  window_name: string | null;
  window_index: number | null;
  session_id: string | null;
  session_name: string | null;
  pane_count: number;
  window_layout: string | null;
  window_active: boolean | null;
  window_width: number | null;
  window_height: number | null;
  active_pane_id: string | null;
}

describe('list_windows', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let alphaId: string;
  let betaId: string;
  let sharedId: string;
  const list = async (args: Record<string, unknown> = {}) => (await h.ok<{ result: Window[] }>('list_windows', args)).result;

  beforeAll(async () => {
    tmux.start('alpha');
    alphaId = tmux.tmux('display-message', '-p', '-t', 'alpha', '#{session_id}');
    tmux.tmux('rename-window', '-t', alphaId, 'editor');
    sharedId = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', alphaId, '-n', 'logs');
    tmux.tmux('split-window', '-d', '-t', sharedId);
    betaId = tmux.newSession('beta');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('lists every window of the server with typed fields (docs/reference/tools.md#typed-fields) when no session is given', async () => {
    const rows = await list();
    expect(rows.map((w) => [w.session_name, w.window_name])).toEqual([
      ['alpha', 'editor'],
      ['alpha', 'logs'],
      ['beta', expect.any(String)],
    ]);
    const logs = rows[1];
    expect(logs).toMatchObject({ window_id: sharedId, window_index: 1, session_id: alphaId, pane_count: 2, window_active: false });
    expect(rows[0].window_active).toBe(true);
    expect(typeof logs.window_width).toBe('number');
    expect(logs.window_layout).toMatch(/^[0-9a-f]{4},/);
    expect(logs.active_pane_id).toMatch(/^%\d+$/);
  });

  it('scopes to one session by name or id (id wins)', async () => {
    expect((await list({ session_name: 'alpha' })).map((w) => w.window_name)).toEqual(['editor', 'logs']);
    expect((await list({ session_id: betaId })).map((w) => w.session_id)).toEqual([betaId]);
    expect((await list({ session_id: betaId, session_name: 'alpha' })).map((w) => w.session_name)).toEqual(['beta']);
  });

  it('lists a window linked into two sessions once per session', async () => {
    tmux.tmux('link-window', '-s', sharedId, '-t', `${betaId}:5`);
    try {
      const rows = (await list()).filter((w) => w.window_id === sharedId);
      expect(rows.map((w) => [w.session_id, w.window_index])).toEqual([
        [alphaId, 1],
        [betaId, 5],
      ]);
    } finally {
      tmux.tmux('unlink-window', '-t', `${betaId}:5`);
    }
  });

  it('filters on any tmux field, with booleans for flags (docs/reference/tools.md#filters)', async () => {
    expect((await list({ filters: { window_name: 'logs' } })).map((w) => w.window_id)).toEqual([sharedId]);
    // Booleans/numbers/lists travel in the JSON-string form (the object form's schema takes strings).
    expect((await list({ session_name: 'alpha', filters: '{"window_active": true}' })).map((w) => w.window_name)).toEqual(['editor']);
    expect((await list({ session_name: 'alpha', filters: { window_active: '1' } })).map((w) => w.window_name)).toEqual(['editor']);
    expect((await list({ filters: '{"window_panes__in": "2,3"}' })).map((w) => w.window_id)).toEqual([sharedId]);
    expect(await list({ filters: '{"session_attached": 0, "window_name__startswith": "ed"}' })).toHaveLength(1);
    expect(await list({ filters: { window_name__in: 'logs,editor', session_name: 'alpha' } })).toHaveLength(2);
    expect(await list({ filters: { no_such_field: 'x' } })).toEqual([]);
    const bad = await h.err('list_windows', { filters: { window_name__nope: 'x' } });
    expect(bad.text).toMatch(/^Invalid filter operator 'nope' in 'window_name__nope'\. Valid operators: /);
  });

  it('answers an unknown session with the not-found error', async () => {
    const e = await h.err('list_windows', { session_name: 'ghost' });
    expect(e.text).toBe(
      'Object not found: Could not find session_name=ghost for list-sessions\nCall list_sessions / list_windows / list_panes to discover valid ids.',
    );
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist', expected: true });
  });

  it('returns [] without targets and not-found with targets when no server runs (docs/reference/tools.md#no-server-running, docs/reference/protocol.md#empty-lists)', async () => {
    const socket = `${tmux.socket}-none`;
    const r = await h.call('list_windows', { socket_name: socket });
    expect(r.content).toEqual([{ type: 'text', text: '[]' }]);
    expect(r.structuredContent).toEqual({ result: [] });
    const e = await h.err('list_windows', { socket_name: socket, session_id: '$0' });
    expect(e.text).toMatch(/^Object not found: Could not find session_id=\$0 for list-sessions(\n|$)/);
  });
});
