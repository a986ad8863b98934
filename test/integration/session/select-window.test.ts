import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

interface Window {
  window_id: string;
  window_index: number | null;
  session_id: string | null;
  window_active: boolean | null;
}

describe('select_window', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let sid: string;
  const ids: string[] = [];
  const current = (s: string) => tmux.tmux('display-message', '-p', '-t', s, '#{window_id}');

  beforeAll(async () => {
    tmux.start('nav');
    sid = tmux.tmux('display-message', '-p', '-t', 'nav', '#{session_id}');
    ids.push(current(sid));
    ids.push(tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', `${sid}:1`));
    ids.push(tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', `${sid}:2`));
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('requires a window or a direction', async () => {
    const e = await h.err('select_window', { session_id: sid });
    expect(e.text).toBe('Provide window_id, window_index, or direction.');
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });

  it('selects by window_id and returns the fresh, now-active window', async () => {
    const w = await h.ok<Window>('select_window', { window_id: ids[2] });
    expect(w).toMatchObject({ window_id: ids[2], window_index: 2, session_id: sid, window_active: true });
    expect(current(sid)).toBe(ids[2]);
  });

  it('selects by window_index as an integer or a digit string (docs/reference/tools.md#index-and-size-inputs)', async () => {
    expect((await h.ok<Window>('select_window', { session_name: 'nav', window_index: 1 })).window_id).toBe(ids[1]);
    expect(current(sid)).toBe(ids[1]);
    expect((await h.ok<Window>('select_window', { session_id: sid, window_index: '0' })).window_id).toBe(ids[0]);
    expect(current(sid)).toBe(ids[0]);
  });

  it('moves next / previous / last within the session', async () => {
    expect((await h.ok<Window>('select_window', { session_id: sid, direction: 'next' })).window_id).toBe(ids[1]);
    expect((await h.ok<Window>('select_window', { session_id: sid, direction: 'next' })).window_id).toBe(ids[2]);
    expect((await h.ok<Window>('select_window', { session_id: sid, direction: 'previous' })).window_id).toBe(ids[1]);
    const last = await h.ok<Window>('select_window', { session_name: 'nav', direction: 'last' });
    expect(last).toMatchObject({ window_id: ids[2], window_active: true });
    expect(current(sid)).toBe(ids[2]);
  });

  it('surfaces tmux errors: a fresh session has no last window', async () => {
    tmux.newSession('fresh');
    const e = await h.err('select_window', { session_name: 'fresh', direction: 'last' });
    expect(e.text).toContain('no last window');
    expect(e.text).toMatch(/^tmux error: /);
    expect(e.meta).toMatchObject({ error_type: 'LibTmuxException', expected: true });
  });

  it('selects a linked window in the requested session only', async () => {
    const other = tmux.newSession('other');
    tmux.tmux('link-window', '-s', ids[0], '-t', `${other}:4`);
    try {
      const amb = await h.err('select_window', { window_id: ids[0] });
      expect(amb.meta).toMatchObject({ error_type: 'MultipleObjectsReturned' });
      const w = await h.ok<Window>('select_window', { window_id: ids[0], session_id: other });
      expect(w).toMatchObject({ window_id: ids[0], session_id: other, window_index: 4, window_active: true });
      expect(current(other)).toBe(ids[0]);
      expect(current(sid)).toBe(ids[2]);
    } finally {
      tmux.tmux('unlink-window', '-t', `${other}:4`);
    }
  });

  it('answers unknown targets and bad directions', async () => {
    expect((await h.err('select_window', { window_id: '@999' })).text).toMatch(
      /^Object not found: Could not find window_id=@999 for list-windows(\n|$)/,
    );
    expect((await h.err('select_window', { session_id: sid, window_index: 9 })).text).toMatch(
      /^Object not found: Could not find window_index=9/,
    );
    expect((await h.err('select_window', { direction: 'up' })).text).toContain(
      "Input should be 'next', 'previous' or 'last' [type=literal_error]",
    );
  });
});
