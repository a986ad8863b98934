import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee } from './reading-helpers';

interface Match {
  pane_id: string;
  matched_lines: string[];
  [k: string]: unknown;
}
interface Result {
  matches: Match[];
  truncated: boolean;
  truncated_panes: string[];
  total_panes_matched: number;
  offset: number;
  limit: number | null;
}

const num = (id: string) => Number(id.slice(1));

describe('search_panes', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  const panes: string[] = [];
  let literal: string;
  let other: string;
  const search = (args: Record<string, unknown>) => h.ok<Result>('search_panes', args);

  beforeAll(async () => {
    tmux.start('srch');
    // Results carry window names: freeze them, or tmux's automatic rename (bash -c sh → sh, on
    // tmux's own timer) could change one between a search and the read-back.
    tmux.tmux('set-option', '-g', 'automatic-rename', 'off');
    h = await McpHarness.start({ socket: tmux.socket });
    // Enough panes that ids reach two digits (%2 must sort before %10).
    for (let i = 0; i < 11; i++) panes.push(await newPane(tmux, 'srch'));
    for (const p of panes) await runAndSee(tmux, p, 'echo PG-$((6*7))');
    literal = panes[1];
    // Octal escapes: the typed command does not contain the text it prints.
    await runAndSee(tmux, literal, "printf 'x \\141*\\142?\\143[d] y\\n\\043{pane_id}\\n'");
    await runAndSee(tmux, literal, "printf 'cap-\\061\\ncap-\\062\\ncap-\\063\\ncap-\\064\\n'");
    other = tmux.newSession('other');
    await runAndSee(tmux, `${other}:`, 'echo PG-$((6*7)); echo ONLY-$((1+1))');
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('finds literal text with glob and regex characters (docs/reference/tools.md#search_panes), case-insensitively', async () => {
    for (const pattern of ['a*b?c[d]', 'A*B?C[D]', '*b?c[', '#{pane_id}']) {
      const r = await search({ pattern });
      expect(r.matches.map((m) => m.pane_id)).toEqual([literal]);
      expect(r.matches[0].matched_lines.length).toBe(1);
    }
    expect((await search({ pattern: 'A*B?C[D]', match_case: true })).total_panes_matched).toBe(0);
    expect((await search({ pattern: 'a*b?c[d]', match_case: true })).total_panes_matched).toBe(1);
  });

  it('never runs or expands pattern text in tmux, and has no false positives', async () => {
    const marker = `/tmp/tmux-mcp-inj-${randomBytes(6).toString('hex')}`;
    for (const regex of [false, true]) {
      for (const pattern of [`#(touch ${marker})`, `}#(touch ${marker})#{`, `#{E:#(touch ${marker})}`]) {
        const r = await h.call('search_panes', { pattern, regex });
        if (!r.isError) expect((r.structuredContent as unknown as Result).total_panes_matched).toBe(0);
      }
    }
    expect((await search({ pattern: 'zz}qq' })).total_panes_matched).toBe(0);
    expect((await search({ pattern: '#{session_name}' })).total_panes_matched).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('matches regular expressions on request', async () => {
    const r = await search({ pattern: '^cap-[24]$', regex: true });
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0].matched_lines).toEqual(['cap-2', 'cap-4']);
    const e = await h.err('search_panes', { pattern: '(', regex: true });
    expect(e.text).toBe('Invalid regex pattern: Unterminated group');
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });

  it('keeps the last max_matched_lines_per_pane lines', async () => {
    const r = await search({ pattern: 'cap-\\d$', regex: true, max_matched_lines_per_pane: 2 });
    expect(r.matches[0].matched_lines).toEqual(['cap-3', 'cap-4']);
    expect(r.truncated).toBe(true);
    expect(r.truncated_panes).toEqual([]);
  });

  it('sorts by numeric pane id and pages with offset/limit', async () => {
    const all = await search({ pattern: 'pg-42', limit: null });
    const ids = all.matches.map((m) => m.pane_id);
    expect(ids.length).toBe(panes.length + 1);
    expect(ids).toEqual([...ids].sort((a, b) => num(a) - num(b)));
    expect(Math.max(...ids.map(num))).toBeGreaterThanOrEqual(10);
    expect(all).toMatchObject({ truncated: false, truncated_panes: [], total_panes_matched: ids.length, offset: 0, limit: null });

    const page1 = await search({ pattern: 'PG-42', limit: 5 });
    expect(page1.matches.map((m) => m.pane_id)).toEqual(ids.slice(0, 5));
    expect(page1).toMatchObject({ truncated: true, truncated_panes: ids.slice(5), total_panes_matched: ids.length, offset: 0, limit: 5 });
    const last = await search({ pattern: 'PG-42', limit: 5, offset: 10 });
    expect(last.matches.map((m) => m.pane_id)).toEqual(ids.slice(10));
    expect(last).toMatchObject({ truncated: false, truncated_panes: [], offset: 10 });
    expect((await search({ pattern: 'PG-42', offset: 100 })).matches).toEqual([]);
  });

  it('returns PaneContentMatch fields', async () => {
    const r = await search({ pattern: 'ONLY-2' });
    expect(r.matches).toHaveLength(1);
    const m = r.matches[0];
    const row = tmux.tmux('display-message', '-p', '-t', `${other}:`, '#{pane_id}|#{window_id}|#{window_name}|#{session_id}|#{pane_tty}');
    const [pid, wid, wname, sid, tty] = row.split('|');
    expect(m).toMatchObject({
      pane_id: pid,
      window_id: wid,
      window_name: wname,
      session_id: sid,
      session_name: 'other',
      pane_tty: tty,
      pane_left: 0,
      pane_top: 0,
      pane_at_left: true,
      pane_current_command: 'sh',
      matched_lines: ['ONLY-2'],
      is_caller: null,
    });
  });

  it('scopes to a session and reports unknown sessions', async () => {
    const byName = await search({ pattern: 'PG-42', session_name: 'other' });
    expect(byName.matches.map((m) => m.session_name)).toEqual(['other']);
    const byId = await search({ pattern: 'PG-42', session_id: other });
    expect(byId.total_panes_matched).toBe(1);
    const e = await h.err('search_panes', { pattern: 'x', session_name: 'nope' });
    expect(e.text).toBe(
      'Object not found: Could not find session_name=nope for list-sessions\nCall list_sessions / list_windows / list_panes to discover valid ids.',
    );
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist' });
  });

  it('searches scrollback with content_start and joins wrapped lines', async () => {
    const p = panes[3];
    await runAndSee(tmux, p, "printf 'deep-\\163ecret\\n'; seq 1 50");
    expect((await search({ pattern: 'deep-secret' })).total_panes_matched).toBe(0);
    const r = await search({ pattern: 'deep-secret', content_start: -100 });
    expect(r.matches.map((m) => m.pane_id)).toEqual([p]);
    // 100 columns of text in an 80-column pane: the pattern spans the wrap.
    await runAndSee(tmux, p, `printf '%s\\n' ${'w'.repeat(75)}WRAP-ACROSS${'v'.repeat(14)}`);
    const w = await search({ pattern: 'wrap-across', session_name: 'srch' });
    expect(w.matches.map((m) => m.pane_id)).toContain(p);
    expect(w.matches.find((m) => m.pane_id === p)!.matched_lines.some((l) => l.length > 80)).toBe(true);
  });

  it('validates sizes in the schema (docs/reference/tools.md#numeric-bounds)', async () => {
    const e = await h.err('search_panes', { pattern: 'x', limit: 0, offset: -1, max_matched_lines_per_pane: 0 });
    expect(e.text).toContain('3 validation errors for search_panes');
    expect((await h.err('search_panes', {})).text).toContain('pattern\n  Field required [type=missing]');
  });

  it('returns an empty result when no tmux server runs', async () => {
    const r = await search({ pattern: 'x', socket_name: `${tmux.socket}-none` });
    expect(r).toEqual({ matches: [], truncated: false, truncated_panes: [], total_panes_matched: 0, offset: 0, limit: 500 });
  });
});
