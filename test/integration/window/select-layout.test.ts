import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Win = Record<string, unknown> & { window_id: string };
const firstLine = (t: string) => t.split('\n')[0];

describe('select_layout (docs/reference/tools.md#select_layout)', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let win: string;

  beforeAll(async () => {
    tmux.start('main');
    win = tmux.tmux('display-message', '-p', '-t', 'main:0', '#{window_id}');
    tmux.tmux('split-window', '-d', '-t', win, 'sh');
    tmux.tmux('split-window', '-d', '-h', '-t', win, 'sh');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const layout = () => tmux.tmux('display-message', '-p', '-t', win, '#{window_layout}');
  const alive = () => tmux.tmux('display-message', '-p', '#{pid}');

  it.each(['even-horizontal', 'even-vertical', 'main-horizontal', 'main-vertical', 'tiled'])(
    'applies %s and returns the fresh layout',
    async (name) => {
      const w = await h.ok<Win>('select_layout', { window_id: win, layout: name });
      expect(w.window_id).toBe(win);
      expect(w.window_layout).toBe(layout());
      expect(w.pane_count).toBe(3);
    },
  );

  it('even-horizontal puts every pane in one row; even-vertical in one column', async () => {
    await h.ok('select_layout', { window_id: win, layout: 'even-horizontal' });
    expect(new Set(tmux.tmux('list-panes', '-t', win, '-F', '#{pane_top}').split('\n')).size).toBe(1);
    const w = await h.ok<Win>('select_layout', { session_name: 'main', window_index: 0, layout: 'even-vertical' });
    expect(new Set(tmux.tmux('list-panes', '-t', win, '-F', '#{pane_left}').split('\n')).size).toBe(1);
    expect(String(w.window_layout)).toMatch(/^[0-9a-f]{4},80x24,0,0\[/);
  });

  it('re-applies a custom layout string tmux printed', async () => {
    await h.ok('select_layout', { window_id: win, layout: 'main-vertical' });
    const saved = layout();
    await h.ok('select_layout', { window_id: win, layout: 'tiled' });
    expect(layout()).not.toBe(saved);
    const w = await h.ok<Win>('select_layout', { window_id: win, layout: saved });
    expect(w.window_layout).toBe(saved);
    expect(layout()).toBe(saved);
  });

  it.each([
    ['qqq', "Invalid layout: 'qqq'"],
    ['main-horizontal-mirrored', "Invalid layout: 'main-horizontal-mirrored'"],
    ['main-vertical-mirrored', "Invalid layout: 'main-vertical-mirrored'"],
    ['even', "Invalid layout: 'even'"],
    ['4196', "Invalid layout: '4196'"],
    ['0000,80x24,0,0,0', "Invalid layout: '0000,80x24,0,0,0'"],
    ['abcd,80x24,0,0', "Invalid layout: 'abcd,80x24,0,0'"],
    ['x\ny\u0001', "Invalid layout: 'x\\ny\\x01'"],
    ['', "Invalid layout: ''"],
  ])('refuses %j before tmux sees it', async (bad, text) => {
    const before = layout();
    const pid = alive();
    const e = await h.err('select_layout', { window_id: win, layout: bad });
    expect(e.text).toBe(text);
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    expect(alive()).toBe(pid); // the tmux server survived (docs/reference/engine.md#layout-crash)
    expect(layout()).toBe(before);
  });

  it('caps the echoed layout at 200 code points (docs/reference/protocol.md#safe-repr)', async () => {
    const e = await h.err('select_layout', { window_id: win, layout: 'z'.repeat(500) });
    expect(e.text).toBe(`Invalid layout: '${'z'.repeat(200)}...'`);
  });

  it('validates before resolving the target, and reports unknown targets for valid layouts', async () => {
    expect((await h.err('select_layout', { window_id: '@999', layout: 'qqq' })).text).toBe("Invalid layout: 'qqq'");
    expect(firstLine((await h.err('select_layout', { window_id: '@999', layout: 'tiled' })).text)).toBe(
      'Object not found: Could not find window_id=@999 for list-windows',
    );
  });

  it('surfaces tmux errors for a well-formed layout that does not fit the window', async () => {
    // A one-pane layout for a three-pane window: well-formed, so tmux decides.
    const one = tmux.tmux(
      'display-message',
      '-p',
      '-t',
      tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', 'sh'),
      '#{window_layout}',
    );
    const e = await h.err('select_layout', { window_id: win, layout: one });
    expect(e.text).toMatch(/^tmux error: /);
    expect(e.meta).toMatchObject({ error_type: 'LibTmuxException', expected: true });
    expect(alive()).toMatch(/^\d+$/);
  });
});
