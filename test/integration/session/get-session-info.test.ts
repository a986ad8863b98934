import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

describe('get_session_info', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let firstId: string;
  let secondId: string;

  beforeAll(async () => {
    tmux.start('first');
    firstId = tmux.tmux('display-message', '-p', '-t', 'first', '#{session_id}');
    secondId = tmux.newSession('second');
    tmux.tmux('new-window', '-d', '-t', secondId);
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('returns a session by name with typed fields (docs/reference/tools.md#typed-fields)', async () => {
    const s = await h.ok('get_session_info', { session_name: 'second' });
    expect(s).toEqual({
      session_id: secondId,
      session_name: 'second',
      window_count: 2,
      session_attached: 0,
      session_created: like.any(Number),
      active_pane_id: tmux.tmux('display-message', '-p', '-t', secondId, '#{pane_id}'),
    });
  });

  it('prefers session_id over session_name and defaults to the first session', async () => {
    expect((await h.ok('get_session_info', { session_id: firstId, session_name: 'second' })).session_name).toBe('first');
    expect((await h.ok('get_session_info')).session_id).toBe(firstId);
  });

  it('matches names exactly, not by tmux prefix rules (docs/reference/tools.md#targeting)', async () => {
    const e = await h.err('get_session_info', { session_name: 'sec' });
    expect(e.text).toBe(
      'Object not found: Could not find session_name=sec for list-sessions\nCall list_sessions / list_windows / list_panes to discover valid ids.',
    );
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist', expected: true });
    expect((await h.err('get_session_info', { session_id: '$999' })).text).toMatch(/^Object not found: Could not find session_id=\$999/);
  });

  it('errors when the server has no session at all (docs/reference/tools.md#session-resolution)', async () => {
    const e = await h.err('get_session_info', { socket_name: `${tmux.socket}-none` });
    expect(e.text).toBe('No tmux session exists on this server.\nCall create_session to start one.');
    expect(e.meta).toEqual({ error_type: 'TmuxObjectDoesNotExist', expected: true, suggestion: 'Call create_session to start one.' });
  });
});
