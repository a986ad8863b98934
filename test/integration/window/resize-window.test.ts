import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Win = Record<string, unknown> & { window_id: string };
const firstLine = (t: string) => t.split('\n')[0];

describe('resize_window', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let win: string;

  beforeAll(async () => {
    tmux.start('main');
    win = tmux.tmux('display-message', '-p', '-t', 'main:0', '#{window_id}');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const size = () => tmux.tmux('display-message', '-p', '-t', win, '#{window_width}x#{window_height}');

  it('resizes width and height and returns the fresh size', async () => {
    const w = await h.ok<Win>('resize_window', { window_id: win, width: 100, height: 30 });
    expect(w).toMatchObject({ window_id: win, window_width: 100, window_height: 30 });
    expect(size()).toBe('100x30');
  });

  it('resizes one dimension at a time', async () => {
    expect(await h.ok<Win>('resize_window', { session_name: 'main', window_index: '0', width: 60 })).toMatchObject({
      window_width: 60,
      window_height: 30,
    });
    expect(await h.ok<Win>('resize_window', { height: 20 })).toMatchObject({ window_width: 60, window_height: 20 });
    expect(size()).toBe('60x20');
  });

  it('without a size returns the current info unchanged', async () => {
    expect(await h.ok<Win>('resize_window', { window_id: win })).toMatchObject({ window_width: 60, window_height: 20 });
  });

  it('rejects sizes below 1 in the schema (docs/reference/tools.md#numeric-bounds)', async () => {
    for (const args of [{ width: 0 }, { height: -1 }, { width: '10' }, { height: 2.5 }]) {
      const e = await h.err('resize_window', { window_id: win, ...args });
      expect(e.meta).toMatchObject({ error_type: 'ValidationError' });
    }
    expect((await h.err('resize_window', { window_id: win, width: 0 })).text).toContain('[type=greater_than_equal]');
    expect(firstLine((await h.err('resize_window', { window_id: '@999', width: 10 })).text)).toBe(
      'Object not found: Could not find window_id=@999 for list-windows',
    );
  });
});
