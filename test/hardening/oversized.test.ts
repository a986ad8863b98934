import { HardenedTmux } from '../helpers/hardening-tmux';
import { CallResult, McpHarness } from '../helpers/mcp-harness';

/**
 * Oversized panes and buffers: 100,000 lines of scrollback (history-limit 100000, `seq 100000`),
 * lines of 100 KB, a 2000x600 screen full of text, a 1.4 MB buffer. Every reading tool
 * (capture_pane, capture_since, snapshot_pane, search_panes, show_buffer) stays under the 1 MB
 * backstop (docs/reference/protocol.md#response-cap) and keeps the tail; no message gets anywhere near the SDK
 * client's 10 MiB stdio limit.
 */
const BACKSTOP = 1_000_000;
const SDK_STDIO_LIMIT = 10 * 1024 * 1024;
const LONG = 100_000; // characters per long line
const LONG_LINES = 12;
const PROMPT = /^[$#] ?$/;

describe('oversized output stays under the backstop and keeps the tail', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;
  let seqPane: string;
  let longPane: string;
  let widePane: string;
  const sizes: number[] = [];

  /** Runs a command in a pane and waits for it on a tmux channel (no sleeps). */
  async function runIn(pane: string, command: string, channel: string): Promise<void> {
    const done = tmux.tmuxAsync('wait-for', channel);
    tmux.tmux('send-keys', '-t', pane, '-l', `${command}; tmux wait-for -S ${channel}`);
    tmux.tmux('send-keys', '-t', pane, 'Enter');
    await done;
  }

  const longLines = (tag: string) =>
    `awk 'BEGIN { for (i = 1; i <= ${LONG_LINES}; i++) { s = sprintf("${tag}%02d-", i); for (j = 0; j < ${LONG / 100}; j++) s = s "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"; print s "-E" sprintf("%02d", i) } }'`;

  /** Calls a tool and records the wire size of its result. */
  async function call(name: string, args: Record<string, unknown>): Promise<CallResult> {
    const r = await h.call(name, args);
    const size = Buffer.byteLength(JSON.stringify(r));
    sizes.push(size);
    return r;
  }

  beforeAll(async () => {
    tmux.start('main');
    tmux.tmux('set-option', '-g', 'history-limit', '100000');
    tmux.session('big');
    seqPane = tmux.firstPane('big');
    longPane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'big', '-c', tmux.dir).trim();
    tmux.session('wide', 2000, 600);
    widePane = tmux.firstPane('wide');
    h = await McpHarness.start({ socket: tmux.socket });
    await Promise.all([
      runIn(seqPane, 'seq 100000', 'hz-seq'),
      runIn(longPane, longLines('L'), 'hz-long'),
      runIn(
        widePane,
        `clear; awk 'BEGIN { for (i = 1; i <= 598; i++) { s = sprintf("W%03d-", i); while (length(s) < 1990) s = s "y"; print s "-Z" } }'`,
        'hz-wide',
      ),
    ]);
    expect(Number(tmux.tmux('display-message', '-p', '-t', seqPane, '#{history_size}'))).toBeGreaterThan(99_000);
  }, 120_000);

  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  const lastLine = (s: string) => s.replace(/\n+$/, '').split('\n').pop();

  it('capture_pane: all 100,000 lines of history, then 100 KB lines', async () => {
    const all = await call('capture_pane', { pane_id: seqPane, start: -100000, max_lines: null });
    expect(all.isError).toBeFalsy();
    const text = (all.structuredContent as { result: string }).result;
    expect(text).toMatch(/^\[\.\.\. truncated \d+ bytes \.\.\.\]\n/);
    expect(text.split('\n').slice(-2)[0]).toBe('100000');
    expect(lastLine(text)).toMatch(PROMPT);

    const long = await call('capture_pane', { pane_id: longPane, start: -100000, max_lines: null });
    const longText = (long.structuredContent as { result: string }).result;
    expect(lastLine(longText)).toMatch(PROMPT);
    expect(longText).toContain(`-E${LONG_LINES}`);
    // The default max_lines keeps the last 500 lines with a header.
    const dflt = await call('capture_pane', { pane_id: seqPane, start: -100000 });
    const lines = (dflt.structuredContent as { result: string }).result.split('\n');
    expect(lines[0]).toMatch(/^\[\.\.\. truncated \d+ lines \.\.\.\]$/);
    expect(lines.slice(-2)[0]).toBe('100000');
  });

  it('capture_since: a delta of 1.2 MB of 100 KB lines', async () => {
    const pane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'big', '-c', tmux.dir).trim();
    const first = await call('capture_since', { pane_id: pane });
    const cursor = (first.structuredContent as { cursor: string }).cursor;
    await runIn(pane, longLines('S'), 'hz-since');
    const r = await call('capture_since', { cursor, max_lines: null, max_bytes: null });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as { lines: string[]; truncated: boolean; lines_missed: boolean };
    expect(sc.truncated).toBe(true);
    const joined = sc.lines.join('\n');
    expect(joined).toContain(`-E${LONG_LINES}`);
    expect(joined).not.toContain('S01-');
  });

  it('snapshot_pane: a 2000x600 screen of text', async () => {
    const r = await call('snapshot_pane', { pane_id: widePane, max_lines: null });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as { content: string; content_truncated: boolean; pane_width: number };
    expect(sc.pane_width).toBe(2000);
    expect(sc.content_truncated).toBe(true);
    expect(sc.content).toMatch(/W598-y+-Z\n[$#] ?$/);
  });

  it('search_panes: every line of 100 KB matches', async () => {
    const r = await call('search_panes', {
      pattern: 'xxxxx',
      session_name: 'big',
      content_start: -100000,
      max_matched_lines_per_pane: 100000,
    });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as {
      matches: { pane_id: string; matched_lines: string[] }[];
      truncated: boolean;
      total_panes_matched: number;
    };
    expect(sc.truncated).toBe(true);
    expect(sc.total_panes_matched).toBeGreaterThanOrEqual(1);
    // The tail is kept: the last matched line of the last matching pane survives.
    const lines = sc.matches.flatMap((m) => m.matched_lines);
    expect(lines[lines.length - 1]).toMatch(/-E12$/);
  });

  it('show_buffer: a 1.4 MB buffer', async () => {
    const content = Array.from({ length: 150_000 }, (_, i) => `b-${String(i).padStart(6, '0')}`).join('\n') + '\n';
    const ref = (await h.ok<{ buffer_name: string }>('load_buffer', { content, logical_name: 'big' })).buffer_name;
    const r = await call('show_buffer', { buffer_name: ref, max_lines: null });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as { content: string; content_truncated: boolean };
    expect(sc.content_truncated).toBe(true);
    expect(sc.content.endsWith('b-149999\n')).toBe(true);
    const dflt = await call('show_buffer', { buffer_name: ref });
    // Truncated by max_lines: the last 500 lines joined with "\n" (docs/reference/tools.md#show_buffer).
    expect(dflt.structuredContent).toMatchObject({ content_truncated: true, content_truncated_lines: 149_500 });
    expect((dflt.structuredContent as { content: string }).content.split('\n').slice(-2)).toEqual(['b-149998', 'b-149999']);
    await h.ok('delete_buffer', { buffer_name: ref });
  });

  it('a batch of big reads is capped as a whole', async () => {
    const r = await call('call_readonly_tools_batch', {
      operations: [0, 1, 2, 3].map(() => ({ tool: 'capture_pane', arguments: { pane_id: seqPane, start: -100000, max_lines: null } })),
    });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { response_truncated: boolean }).response_truncated).toBe(true);
  });

  it('no result exceeded the backstop, none came near 10 MiB', () => {
    expect(sizes.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(BACKSTOP);
    expect(Math.max(...sizes)).toBeLessThan(SDK_STDIO_LIMIT / 8);
  });
});
