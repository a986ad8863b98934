import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

/**
 * A session group (`tmux new -s b -t a`) shares its windows: a window id there names one window,
 * so list_panes and the window tools both accept it; a window linked into another session
 * (`link-window`) stays ambiguous for both (docs/reference/tools.md#window-resolution).
 */
describe('window ids in a session group', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let shared: string;
  let a: string;
  let b: string;
  const panesOf = (w: string) => tmux.tmux('list-panes', '-t', w, '-F', '#{pane_id}').split('\n');
  const ids = (r: { result: { pane_id: string }[] }) => r.result.map((p) => p.pane_id);

  beforeAll(async () => {
    tmux.start('ga');
    shared = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', 'ga:', 'sh');
    tmux.tmux('split-window', '-d', '-t', shared, 'sh');
    tmux.tmux('new-session', '-d', '-s', 'gb', '-t', 'ga');
    a = tmux.tmux('display-message', '-p', '-t', 'ga', '#{session_id}');
    b = tmux.tmux('display-message', '-p', '-t', 'gb', '#{session_id}');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('the fixture is a group: both sessions list the window', () => {
    const rows = tmux.tmux('list-windows', '-a', '-F', '#{session_id} #{window_id}').split('\n');
    expect(rows).toEqual(expect.arrayContaining([`${a} ${shared}`, `${b} ${shared}`]));
  });

  it('list_panes {window_id} lists its panes', async () => {
    expect(ids(await h.ok('list_panes', { window_id: shared }))).toEqual(panesOf(shared));
  });

  it('get_window_info and rename_window {window_id} take it as one window', async () => {
    const w = await h.ok<{ window_id: string; pane_count: number }>('get_window_info', { window_id: shared });
    expect(w).toMatchObject({ window_id: shared, pane_count: 2 });
    await h.ok('rename_window', { window_id: shared, new_name: 'grouped' });
    expect(tmux.tmux('display-message', '-p', '-t', shared, '#{window_name}')).toBe('grouped');
    // Naming a session of the group picks its row.
    expect(await h.ok('get_window_info', { window_id: shared, session_id: b })).toMatchObject({ window_id: shared, session_id: b });
    expect(ids(await h.ok('list_panes', { window_id: shared, session_name: 'gb' }))).toEqual(panesOf(shared));
    // A pane target through the window resolves too.
    const pane = await h.ok<{ pane_id: string }>('get_pane_info', { window_id: shared });
    expect(panesOf(shared)).toContain(pane.pane_id);
  });

  it('a window also linked into a session outside the group is ambiguous for both', async () => {
    tmux.tmux('new-session', '-d', '-s', 'gc', 'sh');
    tmux.tmux('link-window', '-s', shared, '-t', 'gc:7');
    try {
      for (const tool of ['list_panes', 'get_window_info']) {
        const e = await h.err(tool, { window_id: shared });
        expect(e.text.split('\n')[0]).toBe(`Ambiguous target: Multiple objects returned for window_id=${shared}`);
        expect(e.meta.error_type).toBe('MultipleObjectsReturned');
      }
    } finally {
      tmux.tmux('kill-session', '-t', 'gc');
    }
    // Unlinked again, the group's window is one window once more.
    expect(ids(await h.ok('list_panes', { window_id: shared }))).toEqual(panesOf(shared));
  });
});
