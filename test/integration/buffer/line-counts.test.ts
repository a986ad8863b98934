import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

/**
 * show_buffer over the response cap counts the lines it dropped whatever ends them
 * (docs/reference/protocol.md#line-counts): 1.2 MB of `\r`-separated lines reported
 * `content_truncated_lines: 0` when only `\n` was counted.
 */
describe('show_buffer line counts at \\r and \\r\\n', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const lines = Array.from({ length: 135_000 }, (_, i) => `b-${String(i).padStart(6, '0')}`);
  const before = (full: string, kept: string) => full.slice(0, full.length - kept.length).split(/\r\n|\r|\n/).length - 1;

  it.each([
    ['\\r', '\r'],
    ['\\r\\n', '\r\n'],
  ])('lines ending in %s, cut by the response cap', async (_name, eol) => {
    const full = lines.join(eol) + eol;
    expect(full.length).toBeGreaterThan(1_000_000);
    const ref = (await h.ok<{ buffer_name: string }>('load_buffer', { content: full, logical_name: 'cr' })).buffer_name;
    const sc = await h.ok<{ content: string; content_truncated: boolean; content_truncated_lines: number }>('show_buffer', {
      buffer_name: ref,
      max_lines: null,
    });
    expect(sc.content_truncated).toBe(true);
    expect(full.endsWith(sc.content)).toBe(true);
    expect(sc.content_truncated_lines).toBe(before(full, sc.content));
    expect(sc.content_truncated_lines).toBeGreaterThan(10_000);
    // The max_lines path splits alike.
    const cut = await h.ok<{ content: string; content_truncated_lines: number }>('show_buffer', { buffer_name: ref, max_lines: 10 });
    expect(cut.content_truncated_lines).toBe(lines.length - 10);
    expect(cut.content).toBe(lines.slice(-10).join('\n'));
    await h.ok('delete_buffer', { buffer_name: ref });
  });
});
