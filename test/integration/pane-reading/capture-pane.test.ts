import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee } from './reading-helpers';

describe('capture_pane', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let pane: string;

  beforeAll(async () => {
    tmux.start('cap');
    h = await McpHarness.start({ socket: tmux.socket });
    pane = await newPane(tmux, 'cap');
    await runAndSee(tmux, pane, "printf 'alpha\\nbeta\\n'; seq 1 60 | sed 's/^/row-/'");
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const text = async (args: Record<string, unknown>) => (await h.ok<{ result: string }>('capture_pane', { pane_id: pane, ...args })).result;

  it('returns the visible text without trailing blank lines', async () => {
    const out = await text({ max_lines: null });
    expect(out).toContain('row-60');
    expect(out.endsWith('\n')).toBe(false);
    expect(out.split('\n').length).toBeLessThanOrEqual(24);
  });

  it('keeps the last max_lines lines after a truncation header', async () => {
    const full = (await text({ max_lines: null })).split('\n');
    const out = (await text({ max_lines: 5 })).split('\n');
    expect(out).toHaveLength(6);
    expect(out[0]).toBe(`[... truncated ${full.length - 5} lines ...]`);
    expect(out.slice(1)).toEqual(full.slice(-5));
  });

  it('reads scrollback with start/end and no header when max_lines is null', async () => {
    const out = await text({ start: -200, max_lines: null });
    expect(out).toContain('alpha\nbeta');
    expect(out).toContain('row-1\nrow-2');
    expect(out).not.toContain('truncated');
    const range = await text({ start: -200, end: -190, max_lines: null });
    expect(range.split('\n').length).toBeLessThanOrEqual(11);
  });

  it('keeps wrapped rows apart (no -J) and returns no escape sequences (docs/reference/tools.md#capture_pane)', async () => {
    const p = await newPane(tmux, 'cap');
    // 100 columns of text in an 80-column pane, then red text; octal escapes keep the typed line short.
    await runAndSee(tmux, p, "printf 'W%.0s' $(seq 1 100); printf '\\n\\033[31m\\122ED-TEXT\\033[0m  \\n'");
    const rows = (await text({ pane_id: p, max_lines: null })).split('\n');
    const at = rows.indexOf('W'.repeat(80));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows[at + 1]).toBe('W'.repeat(20));
    // Plain text, trailing spaces trimmed by tmux.
    expect(rows).toContain('RED-TEXT');
    expect(rows.join('\n')).not.toContain('\u001b');
  });

  it('falls back to the first pane of the first session', async () => {
    const r = await h.call('capture_pane', {});
    expect(r.isError).toBeFalsy();
  });

  it('rejects max_lines < 1 in the schema (docs/reference/tools.md#numeric-bounds)', async () => {
    const e = await h.err('capture_pane', { pane_id: pane, max_lines: 0 });
    expect(e.text).toBe(
      '1 validation error for capture_pane\nmax_lines\n  Input should be greater than or equal to 1 [type=greater_than_equal]',
    );
  });

  it('reports unknown panes', async () => {
    const e = await h.err('capture_pane', { pane_id: '%99999' });
    expect(e.text).toBe('Pane not found: %99999\nCall list_panes to discover valid pane ids.');
    expect(e.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
  });
});

describe('pane reading tools: metadata (docs/reference/tools.md#catalog, docs/reference/protocol.md#tool-list)', () => {
  let h: McpHarness;
  beforeAll(async () => {
    h = await McpHarness.start({ socket: 'tmux-mcp-test-meta-none' });
  });
  afterAll(async () => h.close());

  const expected: Record<string, { title: string; tags: string[]; alwaysLoad?: boolean; anchor: boolean }> = {
    capture_pane: { title: 'Capture Pane', tags: ['readonly'], anchor: true },
    capture_since: { title: 'Capture Since', tags: ['readonly'], anchor: true },
    search_panes: { title: 'Search Panes', tags: ['readonly'], anchor: true },
    snapshot_pane: { title: 'Snapshot Pane', tags: ['readonly'], alwaysLoad: true, anchor: true },
    wait_for_text: { title: 'Wait For Text', tags: ['readonly', 'self-bounded'], anchor: false },
  };

  it('advertises titles, readonly annotations, tags and alwaysLoad', async () => {
    const { tools } = await h.client.listTools();
    for (const [name, e] of Object.entries(expected)) {
      const t = tools.find((x) => x.name === name);
      expect(t).toBeDefined();
      expect(t!.annotations).toEqual({
        title: e.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(t!.title ?? t!.annotations?.title).toBe(e.title);
      expect(e.title).not.toMatch(/tmux/i);
      expect(t!._meta?.['tmux-mcp/tags']).toEqual(e.tags);
      expect(t!._meta?.['anthropic/alwaysLoad']).toBe(e.alwaysLoad ? true : undefined);
      if (e.anchor) {
        expect(t!.description).toMatch(/tmux/);
        expect(t!.description).toMatch(/terminal|shell|scrollback|multiplexer|workspace/);
      }
      expect(t!.inputSchema.additionalProperties).toBe(false);
    }
  });

  it('keeps interval/timeout free of schema bounds (domain texts answer them)', async () => {
    const { tools } = await h.client.listTools();
    const props = tools.find((x) => x.name === 'wait_for_text')!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.interval).toMatchObject({ type: 'number', default: 0.05 });
    expect(props.timeout).toMatchObject({ type: 'number', default: 8 });
    expect(props.interval.minimum).toBeUndefined();
    expect(props.timeout.minimum).toBeUndefined();
    const search = tools.find((x) => x.name === 'search_panes')!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(search.offset).toMatchObject({ minimum: 0, default: 0 });
    expect(search.max_matched_lines_per_pane).toMatchObject({ minimum: 1, default: 50 });
  });
});
