import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee, screen, type, until } from './reading-helpers';

interface Since {
  pane_id: string;
  cursor: string;
  lines: string[];
  lines_missed: boolean;
  truncated: boolean;
  truncated_lines: number;
  truncated_bytes: number;
  elapsed_seconds: number;
}

const b64 = (v: unknown) => 'capture-since-v1:' + Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** The decoded cursor (docs/reference/tools.md#capture_since). */
interface CursorPayload {
  anchor_abs: number;
  anchor_hash: string | null;
  below_hashes: string[];
  history_size: number;
  pane_height: number;
  pane_id: string;
  pane_pid: string;
  version: number;
}

const payload = (cursor: string) =>
  JSON.parse(Buffer.from(cursor.slice('capture-since-v1:'.length), 'base64url').toString()) as CursorPayload;

describe('capture_since', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let pane: string;
  const since = (args: Record<string, unknown>) => h.ok<Since>('capture_since', args);

  beforeAll(async () => {
    tmux.start('since');
    h = await McpHarness.start({ socket: tmux.socket });
    pane = await newPane(tmux, 'since');
    await runAndSee(tmux, pane, 'echo old-output');
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('first call returns the visible screen and an opaque cursor', async () => {
    const r = await since({ pane_id: pane });
    expect(r.pane_id).toBe(pane);
    expect(r.lines).toContain('old-output');
    expect(r.lines_missed).toBe(false);
    expect(r.truncated).toBe(false);
    expect(r.cursor).toMatch(/^capture-since-v1:[A-Za-z0-9_-]+$/);
    // Rounded to 3 decimals (docs/reference/tools.md#capturesinceresult).
    expect(r.elapsed_seconds).toBeGreaterThanOrEqual(0);
    expect(Math.round(r.elapsed_seconds * 1000) / 1000).toBe(r.elapsed_seconds);
    const p = payload(r.cursor);
    expect(Object.keys(p)).toEqual([
      'anchor_abs',
      'anchor_hash',
      'below_hashes',
      'history_size',
      'pane_height',
      'pane_id',
      'pane_pid',
      'version',
    ]);
    expect(p).toMatchObject({ version: 1, pane_id: pane, pane_pid: tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pid}') });
    expect(p.anchor_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns only rows written since the cursor, then nothing', async () => {
    const first = await since({ pane_id: pane });
    await runAndSee(tmux, pane, "printf 'new-1\\nnew-2\\n'");
    // Cursor alone targets its own pane.
    const next = await since({ cursor: first.cursor });
    expect(next.pane_id).toBe(pane);
    expect(next.lines_missed).toBe(false);
    expect(next.lines).not.toContain('old-output');
    // The prompt row was rewritten by the typed command: it is reported (the delta rule of docs/reference/tools.md#capture_since).
    expect(next.lines[0]).toMatch(/^\$ printf/);
    expect(next.lines).toEqual(expect.arrayContaining(['new-1', 'new-2']));
    const idle = await since({ cursor: next.cursor, pane_id: pane });
    expect(idle.lines).toEqual([]);
    expect(idle.lines_missed).toBe(false);
    expect(idle.cursor).toMatch(/^capture-since-v1:/);
  });

  it('truncates by lines, then by UTF-8 bytes on character boundaries, without a marker', async () => {
    const first = await since({ pane_id: pane });
    // Ten 'é' with no newline: the prompt follows on the same row.
    type(tmux, pane, "printf '" + '\\303\\251'.repeat(10) + "'");
    await until('accents printed', async () => (await screen(tmux, pane)).includes('é'.repeat(10) + '$'));
    const all = await since({ cursor: first.cursor, max_lines: null, max_bytes: null });
    const last = all.lines[all.lines.length - 1];
    expect(last).toBe('é'.repeat(10) + '$');
    const byLines = await since({ cursor: first.cursor, max_lines: 1, max_bytes: null });
    expect(byLines.lines).toEqual([last]);
    expect(byLines).toMatchObject({ truncated: true, truncated_lines: all.lines.length - 1 });
    const cut = await since({ cursor: first.cursor, max_lines: 1, max_bytes: 6 });
    expect(cut.lines).toEqual(['éé$']);
    expect(cut.truncated).toBe(true);
    expect(cut.truncated_bytes).toBe(Buffer.byteLength(all.lines.slice(0, -1).join('\n')) + 16);
  });

  it('reports lines_missed after clear-history', async () => {
    await runAndSee(tmux, pane, 'seq 1 60');
    const first = await since({ pane_id: pane });
    expect(payload(first.cursor).history_size).toBeGreaterThan(0);
    tmux.tmux('clear-history', '-t', pane);
    const r = await since({ cursor: first.cursor });
    expect(r.lines_missed).toBe(true);
    expect(r.lines.length).toBeGreaterThan(0);
    expect(payload(r.cursor).history_size).toBe(0);
  });

  it('rejects a cursor for another pane', async () => {
    const other = await newPane(tmux, 'since');
    const c = (await since({ pane_id: pane })).cursor;
    const e = await h.err('capture_since', { cursor: c, pane_id: other });
    expect(e.text).toBe(`cursor pane ${pane} does not match requested pane ${other}`);
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });

  it.each([
    ['not-a-cursor', 'unsupported cursor format'],
    ['capture-since-v1:!!!*', 'could not decode payload'],
    ['capture-since-v1:' + Buffer.from([0xff, 0xfe]).toString('base64url'), 'could not decode payload'],
    [b64('{not json'), 'could not decode payload'],
    [b64([1, 2]), 'payload is not an object'],
    [b64({ version: 2 }), 'unsupported cursor version'],
    [b64({ version: 1, anchor_hash: 5, below_hashes: [] }), 'missing or invalid anchor_hash'],
    [b64({ version: 1, anchor_hash: null }), 'missing or invalid below_hashes'],
    [b64({ version: 1, anchor_hash: null, below_hashes: [1] }), 'missing or invalid below_hashes'],
    [b64({ version: 1, anchor_hash: null, below_hashes: [] }), 'missing or invalid pane_id'],
    [b64({ version: 1, anchor_hash: null, below_hashes: [], pane_id: '%1' }), 'missing or invalid pane_pid'],
    [
      b64({ version: 1, anchor_hash: null, below_hashes: [], pane_id: '%1', pane_pid: '1', history_size: -1 }),
      'missing or invalid history_size',
    ],
    [
      b64({ version: 1, anchor_hash: null, below_hashes: [], pane_id: '%1', pane_pid: '1', history_size: 0 }),
      'missing or invalid pane_height',
    ],
    [
      b64({
        version: 1,
        anchor_hash: null,
        below_hashes: [],
        pane_id: '%1',
        pane_pid: '1',
        history_size: 0,
        pane_height: 24,
        anchor_abs: 1.5,
      }),
      'missing or invalid anchor_abs',
    ],
  ])('rejects invalid cursor %#', async (cursor, reason) => {
    const e = await h.err('capture_since', { cursor, pane_id: pane });
    expect(e.text).toBe(`invalid capture_since cursor: ${reason}`);
  });

  it('resolves the cursor pane and reports a vanished one', async () => {
    const c = b64({
      version: 1,
      anchor_hash: null,
      below_hashes: [],
      pane_id: '%777',
      pane_pid: '1',
      history_size: 0,
      pane_height: 24,
      anchor_abs: 0,
    });
    expect((await h.err('capture_since', { cursor: c })).text).toBe('Pane not found: %777\nCall list_panes to discover valid pane ids.');
    // The cursor is checked before tmux is touched: a bad one wins over an unknown pane.
    expect((await h.err('capture_since', { cursor: 'nope', pane_id: '%999999' })).text).toBe(
      'invalid capture_since cursor: unsupported cursor format',
    );
  });

  it('rejects max_lines / max_bytes below 1 in the schema (docs/reference/tools.md#numeric-bounds)', async () => {
    const e = await h.err('capture_since', { pane_id: pane, max_lines: 0, max_bytes: 0 });
    expect(e.text).toContain('2 validation errors for capture_since');
    expect(e.text).toContain('max_bytes\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
  });
});

describe('capture_since: pane lifecycle and history-limit', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  const since = (args: Record<string, unknown>) => h.ok<Since>('capture_since', args);
  const dead = (p: string) => tmux.tmux('display-message', '-p', '-t', p, '#{pane_dead}') === '1';

  beforeAll(async () => {
    tmux.start('life');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('reports a dead pane, then a respawned one', async () => {
    const p = await newPane(tmux, 'life', "sh -c 'echo alive; read x'");
    tmux.tmux('set-option', '-p', '-t', p, 'remain-on-exit', 'on');
    const c = await since({ pane_id: p });
    const pid = payload(c.cursor).pane_pid;
    tmux.tmux('send-keys', '-t', p, 'Enter');
    await until('pane dead', () => dead(p));
    expect((await h.err('capture_since', { cursor: c.cursor })).text).toBe(`pane ${p} died; cursor/baseline anchor is no longer valid`);
    expect((await h.err('capture_since', { pane_id: p })).text).toBe(`pane ${p} died during pane read`);
    tmux.tmux('respawn-pane', '-t', p, "sh -c 'echo again; read x'");
    await until('pane respawned', () => !dead(p));
    const newPid = tmux.tmux('display-message', '-p', '-t', p, '#{pane_pid}');
    expect((await h.err('capture_since', { cursor: c.cursor })).text).toBe(
      `pane ${p} was respawned (pid ${pid} -> ${newPid}); cursor/baseline anchor is no longer valid`,
    );
  });

  it('re-locates the anchor by fingerprint near history-limit, and admits loss after a trim', async () => {
    tmux.tmux('set-option', '-t', 'life', 'history-limit', '100');
    const height = Number(tmux.tmux('display-message', '-p', '-t', 'life:', '#{pane_height}'));
    // Fill so that history_size is 91 (>= 100 - 10: the trim-risk band), then park the cursor on
    // MARK with two rows below it: the fingerprint is [MARK, B1, B2].
    const script =
      `seq 1 ${88 + height}; printf "MARK\\nB1\\nB2\\033[2A\\r"; read x; printf "\\033[2B\\r\\n"; ` +
      'seq 200 218; read y; seq 300 400; read z';
    const p = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'life:', `sh -c '${script}'`);
    expect(tmux.tmux('display-message', '-p', '-t', p, '#{history_limit}')).toBe('100');
    await until('MARK printed', async () => (await screen(tmux, p)).endsWith('MARK\nB1\nB2'));
    const first = await since({ pane_id: p });
    expect(payload(first.cursor)).toMatchObject({ history_size: 91, anchor_abs: 91 + height - 3 });
    expect(payload(first.cursor).below_hashes).toHaveLength(2);
    tmux.tmux('send-keys', '-t', p, 'Enter');
    await until('second batch', async () => (await screen(tmux, p)).includes('218'));
    // 20 scrolls from history 91 cross history-limit twice: tmux trimmed 20 rows, so MARK moved
    // up by 20 and only the fingerprint finds it (anchor_abs - history_size points elsewhere).
    const hist = Number(tmux.tmux('display-message', '-p', '-t', p, '#{history_size}'));
    expect(hist).toBeGreaterThanOrEqual(91);
    expect(hist).toBeLessThan(91 + 20);
    const second = await since({ cursor: first.cursor });
    expect(second.lines_missed).toBe(false);
    expect(second.lines).toEqual(Array.from({ length: 19 }, (_, i) => String(200 + i)));
    tmux.tmux('send-keys', '-t', p, 'Enter');
    await until('third batch', async () => (await screen(tmux, p)).includes('400'));
    const third = await since({ cursor: second.cursor });
    expect(third.lines_missed).toBe(true);
    expect(third.lines).toContain('400');
  });
});
