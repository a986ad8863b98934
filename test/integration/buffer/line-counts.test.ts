import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitLines } from '../../../src/framework/output/text-lines';
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

  it('kept + dropped = all lines: ~1.3 MB of \\r-separated lines loaded by tmux itself, the cap cutting just before a lone \\r', async () => {
    const name = `tmux_mcp_${'0'.repeat(32)}_crlines`;
    const dir = mkdtempSync(join(tmpdir(), 'crlines-'));
    const show = async (text: string) => {
      writeFileSync(join(dir, 'buf'), text);
      tmux.tmux('load-buffer', '-b', name, join(dir, 'buf'));
      return h.ok<{ content: string; content_truncated: boolean; content_truncated_lines: number }>('show_buffer', {
        buffer_name: name,
        max_lines: null,
      });
    };
    try {
      // Lines of 60 to 140 characters, no empty one.
      const rows = Array.from({ length: 13_000 }, (_, i) => `r${i}-`.padEnd(60 + ((i * 37) % 81), String.fromCharCode(97 + (i % 26))));
      const full = rows.join('\r') + '\r';
      expect(full.length).toBeGreaterThan(1_250_000);
      const first = await show(full);
      expect(first.content_truncated).toBe(true);
      const cut = full.length - first.content.length;
      expect(full[cut - 1]).not.toBe('\r'); // this data is cut inside a line
      // The same text with the next line break moved to the cut: the kept tail has the same bytes
      // (so the cap cuts at the same place), and now starts at the lone \r that ends a line whose
      // every character was dropped. That line is dropped, its terminator with it.
      const q = full.indexOf('\r', cut);
      const moved = full.slice(0, cut) + '\r' + full.slice(cut + 1, q) + full[cut] + full.slice(q + 1);
      const all = splitLines(moved).length;
      expect(all).toBe(rows.length);
      const sc = await show(moved);
      expect(moved.endsWith(sc.content)).toBe(true);
      expect(sc.content_truncated_lines).toBe(splitLines(moved.slice(0, cut)).length);
      expect(sc.content.startsWith('\r')).toBe(false);
      expect(splitLines(sc.content).length + sc.content_truncated_lines).toBe(all);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      tmux.tmux('delete-buffer', '-b', name);
    }
  });
});
