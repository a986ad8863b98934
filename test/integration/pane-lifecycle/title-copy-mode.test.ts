import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { until } from '../../helpers/poll';

type Pane = Record<string, unknown> & { pane_id: string };

describe('set_pane_title / enter_copy_mode / exit_copy_mode', () => {
  const tmux = new TmuxFixture();
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-title-'));
  let h: McpHarness;
  let pane: string;
  const fmt = (f: string) => tmux.tmux('display-message', '-p', '-t', pane, f);

  beforeAll(async () => {
    tmux.start('tc');
    pane = tmux.tmux('display-message', '-p', '-t', 'tc', '#{pane_id}');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('set_pane_title', () => {
    it('sets the title and returns it fresh (docs/reference/tools.md#fresh-results)', async () => {
      const r = await h.ok<Pane>('set_pane_title', { title: 'build logs', pane_id: pane });
      expect(r).toMatchObject({ pane_id: pane, pane_title: 'build logs' });
      expect(fmt('#{pane_title}')).toBe('build logs');
      expect((await h.ok<Pane>('set_pane_title', { title: 'via session', session_name: 'tc' })).pane_title).toBe('via session');
    });

    it.each(['#{pane_id} ## #', '#[fg=red]x##[y ###[z', '%Y %% $HOME `id` \'q\' "dq" ; \\', 'trailing#', 'ünïcödé ✓ 表'])(
      'keeps %j literally (docs/reference/tools.md#names-and-escaping)',
      async (title) => {
        const r = await h.ok<Pane>('set_pane_title', { title, pane_id: pane });
        expect(r.pane_title).toBe(title);
        expect(fmt('#{pane_title}')).toBe(title);
      },
    );

    it('never runs #(…) in a title', async () => {
      const marker = join(dir, 'title-marker');
      const title = `#(touch ${marker})`;
      const r = await h.ok<Pane>('set_pane_title', { title, pane_id: pane });
      expect(r.pane_title).toBe(title);
      // The stored title is literal, so nothing was expanded; a job would have replaced the text.
      expect(fmt('#{pane_title}')).toBe(title);
      expect(existsSync(marker)).toBe(false);
    });

    it('rejects control characters without echoing the value (docs/reference/tools.md#names-and-escaping, docs/reference/protocol.md#never-echoing-values)', async () => {
      const e = await h.err('set_pane_title', { title: 'evil\u001b]0;x\u0007', pane_id: pane });
      expect(e.text).toContain('1 validation error for set_pane_title\ntitle\n');
      expect(e.text).not.toContain('evil');
      expect(e.meta).toMatchObject({ error_type: 'ValidationError' });
      expect((await h.err('set_pane_title', { title: 'a\nb' })).meta).toMatchObject({ error_type: 'ValidationError' });
      expect((await h.err('set_pane_title', { pane_id: pane })).text).toContain('title\n  Field required [type=missing]');
    });

    it('reports an unknown pane', async () => {
      expect((await h.err('set_pane_title', { title: 'x', pane_id: '%9999' })).text).toBe(
        'Pane not found: %9999\nCall list_panes to discover valid pane ids.',
      );
    });
  });

  describe('copy mode', () => {
    beforeAll(async () => {
      // Enough history to scroll: 100 lines, then wait until tmux holds them in the scrollback.
      tmux.tmux('send-keys', '-t', pane, 'seq 1 100', 'Enter');
      await until(
        () => Number(fmt('#{history_size}')),
        (n) => n >= 50,
        'history filled',
      );
    });

    it('enters copy mode and scrolls up scroll_up lines', async () => {
      const r = await h.ok<Pane>('enter_copy_mode', { pane_id: pane, scroll_up: 5 });
      expect(r.pane_id).toBe(pane);
      expect(fmt('#{pane_in_mode} #{pane_mode} #{scroll_position}')).toBe('1 copy-mode 5');
      await h.ok('enter_copy_mode', { pane_id: pane, scroll_up: 3 });
      expect(fmt('#{scroll_position}')).toBe('8');
    });

    it('exits copy mode, and a second exit is a no-op', async () => {
      const r = await h.ok<Pane>('exit_copy_mode', { pane_id: pane });
      expect(r.pane_id).toBe(pane);
      expect(fmt('#{pane_in_mode}')).toBe('0');
      await h.ok('exit_copy_mode', { pane_id: pane });
      expect(fmt('#{pane_in_mode}')).toBe('0');
    });

    it('enters without scrolling via the session fallback', async () => {
      const r = await h.ok<Pane>('enter_copy_mode', { session_name: 'tc' });
      expect(r.pane_id).toBe(pane);
      expect(fmt('#{pane_in_mode} #{scroll_position}')).toBe('1 0');
      await h.ok('exit_copy_mode', { session_name: 'tc' });
      expect(fmt('#{pane_in_mode}')).toBe('0');
    });

    it('reports unknown targets', async () => {
      expect((await h.err('enter_copy_mode', { pane_id: '%9999' })).meta).toMatchObject({ error_type: 'PaneNotFound' });
      expect((await h.err('exit_copy_mode', { window_id: '@9999' })).meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist' });
    });
  });
});
