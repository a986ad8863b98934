import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Pane = Record<string, unknown> & { pane_id: string };

describe('get_pane_info / find_pane_by_position', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let first: string;
  let winId: string;

  beforeAll(async () => {
    tmux.start('info');
    first = tmux.tmux('display-message', '-p', '-t', 'info', '#{pane_id}');
    winId = tmux.tmux('display-message', '-p', '-t', 'info', '#{window_id}');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('get_pane_info returns PaneInfo with typed fields (docs/reference/tools.md#typed-fields), by id or by fallback', async () => {
    const p = await h.ok<Pane>('get_pane_info', { pane_id: first });
    expect(p).toMatchObject({
      pane_id: first,
      pane_index: 0,
      pane_width: 80,
      pane_height: 24,
      pane_active: true,
      window_id: winId,
      is_caller: null,
    });
    expect(typeof p.pane_pid).toBe('number');
    expect(p.pane_at_left).toBe(true);
    expect((await h.ok<Pane>('get_pane_info', { session_name: 'info' })).pane_id).toBe(first);
    expect((await h.ok<Pane>('get_pane_info', { window_id: winId })).pane_id).toBe(first);
    expect((await h.ok<Pane>('get_pane_info')).pane_id).toBe(first);
  });

  it('get_pane_info reports missing targets with the documented texts (docs/reference/errors.md#tmux-errors)', async () => {
    const e = await h.err('get_pane_info', { pane_id: '%9999' });
    expect(e.text).toBe('Pane not found: %9999\nCall list_panes to discover valid pane ids.');
    expect(e.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
    const s = await h.err('get_pane_info', { session_name: 'nope' });
    expect(s.text).toMatch(/^Object not found: Could not find session_name=nope for list-sessions(\n|$)/);
    const w = await h.err('get_pane_info', { window_id: '@999' });
    expect(w.text).toMatch(/^Object not found: Could not find window_id=@999 for list-windows(\n|$)/);
  });

  describe('find_pane_by_position', () => {
    let panes: Record<string, string>;

    beforeAll(() => {
      // Layout: left column (full height) | right column split into top and bottom.
      tmux.tmux('new-window', '-d', '-t', 'info:5', 'sh');
      const left = tmux.tmux('display-message', '-p', '-t', 'info:5', '#{pane_id}');
      const rightTop = tmux.tmux('split-window', '-d', '-h', '-t', left, '-P', '-F', '#{pane_id}', 'sh');
      const rightBottom = tmux.tmux('split-window', '-d', '-v', '-t', rightTop, '-P', '-F', '#{pane_id}', 'sh');
      panes = { left, rightTop, rightBottom, window: tmux.tmux('display-message', '-p', '-t', 'info:5', '#{window_id}') };
    });

    it('finds each corner of a three-pane layout (window_index or window_id)', async () => {
      const at = async (corner: string) =>
        (await h.ok<Pane>('find_pane_by_position', { corner, session_name: 'info', window_index: '5' })).pane_id;
      expect(await at('top-left')).toBe(panes.left);
      expect(await at('bottom-left')).toBe(panes.left);
      expect(await at('top-right')).toBe(panes.rightTop);
      expect(await at('bottom-right')).toBe(panes.rightBottom);
      const byId = await h.ok<Pane>('find_pane_by_position', { corner: 'bottom-right', window_id: panes.window, window_index: 5 });
      expect(byId).toMatchObject({ pane_id: panes.rightBottom, pane_at_right: true, pane_at_bottom: true, window_id: panes.window });
    });

    it('returns the single pane of a one-pane window for every corner', async () => {
      for (const corner of ['top-left', 'top-right', 'bottom-left', 'bottom-right'])
        expect((await h.ok<Pane>('find_pane_by_position', { corner, window_id: winId })).pane_id).toBe(first);
    });

    it('picks the visible (zoomed, nearest) pane when several qualify (docs/reference/tools.md#find_pane_by_position)', async () => {
      // Zooming the bottom-right pane makes it cover the whole window while the hidden panes
      // keep their old geometry: several panes then claim the same corners.
      tmux.tmux('resize-pane', '-Z', '-t', panes.rightBottom);
      try {
        for (const corner of ['top-left', 'top-right', 'bottom-left', 'bottom-right'])
          expect((await h.ok<Pane>('find_pane_by_position', { corner, window_id: panes.window })).pane_id).toBe(panes.rightBottom);
      } finally {
        tmux.tmux('resize-pane', '-Z', '-t', panes.rightBottom);
      }
    });

    it('reports unknown windows with the resolver texts', async () => {
      const e = await h.err('find_pane_by_position', { corner: 'top-left', window_id: '@999' });
      expect(e.text).toMatch(/^Object not found: Could not find window_id=@999 for list-windows(\n|$)/);
      const i = await h.err('find_pane_by_position', { corner: 'top-left', session_name: 'info', window_index: '42' });
      expect(i.text).toMatch(/^Object not found: Could not find window_index=42 for list-windows(\n|$)/);
    });
  });
});
