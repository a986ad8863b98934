import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Pane = Record<string, unknown> & { pane_id: string };

describe('select_pane / resize_pane / swap_pane', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  const active = (target: string) => tmux.tmux('display-message', '-p', '-t', target, '#{pane_id}');

  /** A fresh window: three panes side by side (a | b | c), `a` active. */
  function threeColumns(index: number): { win: string; a: string; b: string; c: string } {
    const a = tmux.tmux('new-window', '-d', '-t', `nav:${index}`, '-P', '-F', '#{pane_id}', 'sh');
    const b = tmux.tmux('split-window', '-d', '-h', '-t', a, '-P', '-F', '#{pane_id}', 'sh');
    const c = tmux.tmux('split-window', '-d', '-h', '-t', b, '-P', '-F', '#{pane_id}', 'sh');
    return { win: tmux.tmux('display-message', '-p', '-t', a, '#{window_id}'), a, b, c };
  }

  beforeAll(async () => {
    tmux.start('nav');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  describe('select_pane', () => {
    it('needs pane_id or direction', async () => {
      const e = await h.err('select_pane', { window_id: '@0' });
      expect(e.text).toBe('Provide either pane_id or direction.');
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    });

    it('selects by pane id (window arguments ignored) and returns it fresh', async () => {
      const w = threeColumns(1);
      const r = await h.ok<Pane>('select_pane', { pane_id: w.c, window_id: '@999' });
      expect(r).toMatchObject({ pane_id: w.c, pane_active: true, window_id: w.win });
      expect(active(w.win)).toBe(w.c);
      expect((await h.err('select_pane', { pane_id: '%9999' })).text).toBe(
        'Pane not found: %9999\nCall list_panes to discover valid pane ids.',
      );
    });

    it('moves by geometry and to the last pane within the resolved window', async () => {
      const w = threeColumns(2);
      expect((await h.ok<Pane>('select_pane', { direction: 'right', window_id: w.win })).pane_id).toBe(w.b);
      expect((await h.ok<Pane>('select_pane', { direction: 'right', session_name: 'nav', window_index: '2' })).pane_id).toBe(w.c);
      expect((await h.ok<Pane>('select_pane', { direction: 'left', window_id: w.win })).pane_id).toBe(w.b);
      const last = await h.ok<Pane>('select_pane', { direction: 'last', window_id: w.win });
      expect(last).toMatchObject({ pane_id: w.c, pane_active: true });
      expect(active(w.win)).toBe(w.c);
      // up/down in a single row: tmux stays on (or wraps to) the same pane.
      expect((await h.ok<Pane>('select_pane', { direction: 'up', window_id: w.win })).pane_id).toBe(w.c);
      expect((await h.ok<Pane>('select_pane', { direction: 'down', window_id: w.win })).pane_id).toBe(w.c);
    });

    it('next/previous follow pane order and wrap around', async () => {
      const w = threeColumns(3);
      expect((await h.ok<Pane>('select_pane', { direction: 'next', window_id: w.win })).pane_id).toBe(w.b);
      expect((await h.ok<Pane>('select_pane', { direction: 'next', window_id: w.win })).pane_id).toBe(w.c);
      expect((await h.ok<Pane>('select_pane', { direction: 'next', window_id: w.win })).pane_id).toBe(w.a);
      expect((await h.ok<Pane>('select_pane', { direction: 'previous', window_id: w.win })).pane_id).toBe(w.c);
      expect(active(w.win)).toBe(w.c);
    });

    it('surfaces tmux errors: no last pane in a fresh one-pane window', async () => {
      tmux.tmux('new-window', '-d', '-t', 'nav:4', 'sh');
      const e = await h.err('select_pane', { direction: 'last', session_name: 'nav', window_index: 4 });
      expect(e.text).toBe('tmux error: no last pane');
      expect(e.meta).toMatchObject({ error_type: 'LibTmuxException', expected: true });
    });
  });

  describe('resize_pane', () => {
    it('refuses zoom together with height/width', async () => {
      const e = await h.err('resize_pane', { zoom: true, height: 5 });
      expect(e.text).toBe('Cannot combine zoom with height/width');
      expect((await h.err('resize_pane', { zoom: false, width: 5 })).text).toBe('Cannot combine zoom with height/width');
    });

    it('resizes width and height and returns fresh geometry', async () => {
      const w = threeColumns(5);
      const r = await h.ok<Pane>('resize_pane', { pane_id: w.a, width: 30 });
      expect(r).toMatchObject({ pane_id: w.a, pane_width: 30 });
      expect(tmux.tmux('display-message', '-p', '-t', w.a, '#{pane_width}')).toBe('30');
      const lower = tmux.tmux('split-window', '-d', '-v', '-t', w.a, '-P', '-F', '#{pane_id}', 'sh');
      const r2 = await h.ok<Pane>('resize_pane', { pane_id: lower, height: 5 });
      expect(r2).toMatchObject({ pane_id: lower, pane_height: 5 });
      const both = await h.ok<Pane>('resize_pane', { pane_id: lower, height: 7, width: 25 });
      expect(both).toMatchObject({ pane_height: 7, pane_width: 25 });
    });

    it('zoom is idempotent and always ends on the requested pane', async () => {
      const w = threeColumns(6);
      const zoomed = () => tmux.tmux('display-message', '-p', '-t', w.win, '#{window_zoomed_flag}#{pane_id}');
      const r = await h.ok<Pane>('resize_pane', { pane_id: w.b, zoom: true });
      expect(r).toMatchObject({ pane_id: w.b, pane_width: 80, pane_height: 24 });
      expect(zoomed()).toBe(`1${w.b}`);
      await h.ok('resize_pane', { pane_id: w.b, zoom: true });
      expect(zoomed()).toBe(`1${w.b}`);
      await h.ok('resize_pane', { pane_id: w.c, zoom: true });
      expect(zoomed()).toBe(`1${w.c}`);
      const un = await h.ok<Pane>('resize_pane', { pane_id: w.c, zoom: false });
      expect(un.pane_width).toBeLessThan(80);
      expect(zoomed()).toBe(`0${w.c}`);
      await h.ok('resize_pane', { pane_id: w.c, zoom: false });
      expect(zoomed()).toBe(`0${w.c}`);
    });

    it('without height/width/zoom changes nothing (no unzoom side effect)', async () => {
      const w = threeColumns(7);
      tmux.tmux('resize-pane', '-Z', '-t', w.a);
      const r = await h.ok<Pane>('resize_pane', { pane_id: w.a });
      expect(r).toMatchObject({ pane_id: w.a, pane_width: 80 });
      expect(tmux.tmux('display-message', '-p', '-t', w.win, '#{window_zoomed_flag}')).toBe('1');
    });

    it('reports an unknown pane', async () => {
      expect((await h.err('resize_pane', { pane_id: '%9999', width: 10 })).meta).toMatchObject({ error_type: 'PaneNotFound' });
    });
  });

  describe('swap_pane', () => {
    it('swaps positions and returns the refreshed source pane', async () => {
      const w = threeColumns(8);
      const before = await h.ok<Pane>('get_pane_info', { pane_id: w.c });
      const r = await h.ok<Pane>('swap_pane', { source_pane_id: w.a, target_pane_id: w.c });
      expect(r).toMatchObject({ pane_id: w.a, pane_left: before.pane_left, pane_index: 2, window_id: w.win });
      const order = tmux.tmux('list-panes', '-t', w.win, '-F', '#{pane_id}').split('\n');
      expect(order).toEqual([w.c, w.b, w.a]);
    });

    it('both panes must exist (PaneNotFound) and nothing is swapped otherwise', async () => {
      const w = threeColumns(9);
      const e1 = await h.err('swap_pane', { source_pane_id: '%9999', target_pane_id: w.a });
      expect(e1.text).toBe('Pane not found: %9999\nCall list_panes to discover valid pane ids.');
      const e2 = await h.err('swap_pane', { source_pane_id: w.a, target_pane_id: '%9998' });
      expect(e2.text).toBe('Pane not found: %9998\nCall list_panes to discover valid pane ids.');
      expect(e2.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
      expect(tmux.tmux('list-panes', '-t', w.win, '-F', '#{pane_id}').split('\n')).toEqual([w.a, w.b, w.c]);
      const missing = await h.err('swap_pane', { source_pane_id: w.a });
      expect(missing.text).toContain('target_pane_id\n  Field required [type=missing]');
    });
  });
});
