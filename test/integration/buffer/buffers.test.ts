import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { until } from '../../helpers/poll';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Ref = { buffer_name: string; logical_name: string | null };
type Content = { buffer_name: string; content: string; content_truncated: boolean; content_truncated_lines: number };

const NAME = /^tmux_mcp_[0-9a-f]{32}_/;
const fakeName = (logical: string) => `tmux_mcp_${'0'.repeat(32)}_${logical}`;

describe('load_buffer / paste_buffer / show_buffer / delete_buffer', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let pane: string;

  beforeAll(async () => {
    tmux.start('alpha');
    pane = tmux.tmux('display-message', '-p', '-t', 'alpha:', '#{pane_id}');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const buffers = () => tmux.tmux('list-buffers', '-F', '#{buffer_name}').split('\n').filter(Boolean);

  it('advertises tiers, titles and annotations (docs/reference/tools.md#buffers)', async () => {
    const { tools } = await h.client.listTools();
    const a = (n: string) => tools.find((t) => t.name === n)!.annotations;
    expect(a('load_buffer')).toEqual({
      title: 'Load tmux Buffer',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(a('paste_buffer')).toEqual({
      title: 'Paste tmux Buffer',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(a('show_buffer')).toEqual({
      title: 'Show tmux Buffer',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(a('delete_buffer')).toEqual({
      title: 'Delete tmux Buffer',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tools.some((t) => t.name === 'list_buffers')).toBe(false);
  });

  it('loads into a unique namespaced buffer; logical name as passed, default `buf`', async () => {
    const a = await h.ok<Ref>('load_buffer', { content: 'one', logical_name: 'notes' });
    const b = await h.ok<Ref>('load_buffer', { content: 'two', logical_name: 'notes' });
    expect(a.buffer_name).toMatch(/^tmux_mcp_[0-9a-f]{32}_notes$/);
    expect(a.logical_name).toBe('notes');
    expect(b.buffer_name).not.toBe(a.buffer_name);
    const dflt = await h.ok<Ref>('load_buffer', { content: 'x' });
    expect(dflt).toEqual({ buffer_name: like.stringMatching(/^tmux_mcp_[0-9a-f]{32}_buf$/), logical_name: null });
    const empty = await h.ok<Ref>('load_buffer', { content: 'x', logical_name: '' });
    expect(empty).toEqual({ buffer_name: like.stringMatching(/^tmux_mcp_[0-9a-f]{32}_buf$/), logical_name: '' });
    expect(buffers()).toEqual(expect.arrayContaining([a.buffer_name, b.buffer_name, dflt.buffer_name, empty.buffer_name]));
    expect(tmux.tmux('show-buffer', '-b', a.buffer_name)).toBe('one');
  });

  it('rejects invalid logical names with the safe repr', async () => {
    expect((await h.err('load_buffer', { content: 'x', logical_name: 'has space' })).text).toBe("Invalid logical buffer name: 'has space'");
    expect((await h.err('load_buffer', { content: 'x', logical_name: 'a\tb' })).text).toBe("Invalid logical buffer name: 'a\\tb'");
    const e = await h.err('load_buffer', { content: 'x', logical_name: 'x'.repeat(65) });
    expect(e.text).toBe(`Invalid logical buffer name: '${'x'.repeat(65)}'`);
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });

  it('shows content byte-for-byte: trailing newline, NUL, UTF-8', async () => {
    const content = 'héllo 🌍\n\u0000tab\there\r\nend\n';
    const ref = await h.ok<Ref>('load_buffer', { content, logical_name: 'exact' });
    expect(await h.ok<Content>('show_buffer', { buffer_name: ref.buffer_name })).toEqual({
      buffer_name: ref.buffer_name,
      content,
      content_truncated: false,
      content_truncated_lines: 0,
    });
  });

  it('keeps the last max_lines lines when longer', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line${i}`);
    const ref = await h.ok<Ref>('load_buffer', { content: lines.join('\n') + '\n', logical_name: 'long' });
    expect(await h.ok<Content>('show_buffer', { buffer_name: ref.buffer_name, max_lines: 3 })).toEqual({
      buffer_name: ref.buffer_name,
      content: 'line7\nline8\nline9',
      content_truncated: true,
      content_truncated_lines: 7,
    });
    expect((await h.ok<Content>('show_buffer', { buffer_name: ref.buffer_name, max_lines: 10 })).content).toBe(lines.join('\n') + '\n');
    expect((await h.ok<Content>('show_buffer', { buffer_name: ref.buffer_name, max_lines: null })).content_truncated).toBe(false);
    const zero = await h.err('show_buffer', { buffer_name: ref.buffer_name, max_lines: 0 });
    expect(zero.text).toContain('max_lines\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
  });

  it('pastes into a pane and keeps the buffer', async () => {
    const ref = await h.ok<Ref>('load_buffer', { content: 'echo PASTED_MARK_42', logical_name: 'cmd' });
    expect((await h.ok<{ result: string }>('paste_buffer', { buffer_name: ref.buffer_name, pane_id: pane })).result).toBe(
      `Buffer '${ref.buffer_name}' pasted to pane ${pane}`,
    );
    await until(
      () => tmux.tmux('capture-pane', '-p', '-t', pane),
      (screen) => screen.includes('echo PASTED_MARK_42'),
      'pasted text on screen',
    );
    expect(buffers()).toContain(ref.buffer_name);
    // Fallback target (first pane of the first session) and bracket=false.
    expect(
      (await h.ok<{ result: string }>('paste_buffer', { buffer_name: ref.buffer_name, bracket: false, session_name: 'alpha' })).result,
    ).toBe(`Buffer '${ref.buffer_name}' pasted to pane ${pane}`);
    tmux.tmux('send-keys', '-t', pane, 'C-u');
  });

  it('deletes a buffer; a second delete fails with the documented text (docs/reference/tools.md#delete_buffer)', async () => {
    const ref = await h.ok<Ref>('load_buffer', { content: 'bye' });
    expect((await h.ok<{ result: string }>('delete_buffer', { buffer_name: ref.buffer_name })).result).toBe(
      `Buffer '${ref.buffer_name}' deleted`,
    );
    expect(buffers()).not.toContain(ref.buffer_name);
    const again = await h.err('delete_buffer', { buffer_name: ref.buffer_name });
    expect(again.text).toBe(`delete-buffer failed for '${ref.buffer_name}': unknown buffer: ${ref.buffer_name}`);
    expect(again.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });

  it('reports a missing buffer for show and paste', async () => {
    const missing = fakeName('gone');
    expect((await h.err('show_buffer', { buffer_name: missing })).text).toBe(`show-buffer failed for '${missing}': no buffer ${missing}`);
    expect((await h.err('paste_buffer', { buffer_name: missing, pane_id: pane })).text).toBe(`tmux error: no buffer ${missing}`);
    const ref = await h.ok<Ref>('load_buffer', { content: 'x' });
    const np = await h.err('paste_buffer', { buffer_name: ref.buffer_name, pane_id: '%999' });
    expect(np.text).toMatch(/^Pane not found: %999/);
  });

  it('reports tmux failures of load/show with the documented texts, no server (docs/reference/errors.md#buffers)', async () => {
    const none = `${tmux.socket}-none`;
    const load = await h.err('load_buffer', { content: 'x', logical_name: 'lost', socket_name: none });
    // The reference words this one without the buffer name (as paste_text's load step, docs/reference/tools.md#load_buffer).
    expect(load.text).toMatch(/^load-buffer failed: (error connecting to|no server running on) /);
    expect(load.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    const name = fakeName('x');
    const show = await h.err('show_buffer', { buffer_name: name, socket_name: none });
    expect(show.text).toMatch(new RegExp(`^show-buffer failed for '${name}': (error connecting to|no server running on) `));
    const nul = await h.err('load_buffer', { content: 'ok', logical_name: 'a\u0000b' });
    expect(nul.meta.error_type).toBe('ValidationError');
    expect(nul.text).toContain('logical_name\n');
  });

  it('never touches buffers outside the namespace', async () => {
    tmux.tmux('set-buffer', '-b', 'user-secret', 'clipboard');
    for (const tool of ['paste_buffer', 'show_buffer', 'delete_buffer']) {
      for (const bad of ['user-secret', 'buffer0', 'tmux_mcp_abc_x', `${fakeName('ok')}/`, `libtmux_mcp_${'0'.repeat(32)}_x`]) {
        const e = await h.err(tool, { buffer_name: bad });
        expect(e.text).toBe(`Invalid buffer name: '${bad}'`);
      }
    }
    expect((await h.err('show_buffer', { buffer_name: 'a\nb' })).text).toBe("Invalid buffer name: 'a\\nb'");
    expect(tmux.tmux('show-buffer', '-b', 'user-secret')).toBe('clipboard');
  });
});

describe('buffer shutdown GC (docs/reference/engine.md#buffer-cleanup)', () => {
  it('deletes exactly the buffers this process created and still holds', async () => {
    const tmux = new TmuxFixture().start('gc');
    const h = await McpHarness.start({ socket: tmux.socket });
    const foreign = fakeName('other_agent');
    try {
      tmux.tmux('set-buffer', '-b', 'user-buf', 'mine');
      tmux.tmux('set-buffer', '-b', foreign, 'theirs');
      const kept = await h.ok<Ref>('load_buffer', { content: 'a', logical_name: 'kept' });
      const gone = await h.ok<Ref>('load_buffer', { content: 'b', logical_name: 'gone' });
      await h.ok('delete_buffer', { buffer_name: gone.buffer_name });
      await h.close();
      const left = tmux.tmux('list-buffers', '-F', '#{buffer_name}').split('\n');
      expect(left).toEqual(expect.arrayContaining(['user-buf', foreign]));
      expect(left.filter((b) => NAME.test(b))).toEqual([foreign]);
      expect(left).not.toContain(kept.buffer_name);
    } finally {
      await h.close();
      tmux.kill();
    }
  });
});
