import { mkdtempSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Pane = Record<string, unknown> & { pane_id: string };

describe('split_window', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let dir: string;

  beforeAll(async () => {
    tmux.start('main');
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'tmux-mcp-split-')));
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh one-pane window (80x24 like the session). */
  const freshWindow = (): { windowId: string; paneId: string } => {
    const [windowId, paneId] = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id} #{pane_id}', '-t', 'main:', 'sh').split(' ');
    return { windowId, paneId };
  };
  const field = (pane: string, fmt: string) => tmux.tmux('display-message', '-p', '-t', pane, fmt);
  const panesOf = (w: string) => tmux.tmux('list-panes', '-t', w, '-F', '#{pane_id}').split('\n');

  /** Polls the pane's screen (bounded, re-reading tmux) until it contains `text`. */
  async function screenContains(pane: string, text: string): Promise<boolean> {
    for (let i = 0; i < 200; i++) {
      if ((await tmux.tmuxAsync('capture-pane', '-p', '-J', '-t', pane)).includes(text)) return true;
      await tmux.tmuxAsync('display-message', '-p', '-t', pane, '#{pane_id}');
    }
    return false;
  }

  it('splits the active pane of the resolved window below, without focusing the new pane', async () => {
    const { windowId, paneId } = freshWindow();
    const p = await h.ok<Pane>('split_window', { window_id: windowId });
    expect(p.pane_id).toMatch(/^%\d+$/);
    expect(p.pane_id).not.toBe(paneId);
    expect(p.window_id).toBe(windowId);
    expect(p.pane_active).toBe(false);
    expect(p.is_caller).toBeNull();
    expect(field(paneId, '#{pane_active}')).toBe('1');
    expect(p.pane_top).toBeGreaterThan(Number(field(paneId, '#{pane_bottom}')));
    expect(p.pane_at_bottom).toBe(true);
    expect(panesOf(windowId)).toHaveLength(2);
  });

  it('splits the active pane, not the first one, when no pane_id is given', async () => {
    const { windowId, paneId } = freshWindow();
    const second = tmux.tmux('split-window', '-P', '-F', '#{pane_id}', '-t', paneId, 'sh'); // becomes active
    const p = await h.ok<Pane>('split_window', { window_id: windowId, direction: 'right' });
    expect(Number(p.pane_top)).toBe(Number(field(second, '#{pane_top}')));
    expect(p.pane_left).toBeGreaterThan(Number(field(second, '#{pane_left}')));
  });

  it.each([
    ['above', (p: Pane, o: (f: string) => number) => Number(p.pane_top) === 0 && o('#{pane_top}') > Number(p.pane_bottom)],
    ['below', (p: Pane, o: (f: string) => number) => Number(p.pane_top) > o('#{pane_bottom}')],
    ['left', (p: Pane, o: (f: string) => number) => Number(p.pane_left) === 0 && o('#{pane_left}') > Number(p.pane_right)],
    ['right', (p: Pane, o: (f: string) => number) => Number(p.pane_left) > o('#{pane_right}')],
  ])('direction %s places the new pane there', async (direction, placed) => {
    const { windowId, paneId } = freshWindow();
    const p = await h.ok<Pane>('split_window', { window_id: windowId, direction });
    expect(placed(p, (f) => Number(field(paneId, f)))).toBe(true);
  });

  it('splits a given pane_id (which wins over window targets) with a size in cells or percent', async () => {
    const { windowId, paneId } = freshWindow();
    const other = freshWindow();
    const p = await h.ok<Pane>('split_window', { pane_id: paneId, window_id: other.windowId, size: 5 });
    expect(p.window_id).toBe(windowId);
    expect(p.pane_height).toBe(5);
    const q = await h.ok<Pane>('split_window', { pane_id: other.paneId, direction: 'right', size: '25%' });
    expect(q.window_id).toBe(other.windowId);
    expect(Number(q.pane_width)).toBeGreaterThan(10);
    expect(Number(q.pane_width)).toBeLessThan(30);
    const r = await h.ok<Pane>('split_window', { pane_id: other.paneId, direction: 'left', size: '12' });
    expect(r.pane_width).toBe(12);
  });

  it('defaults to the first session when no target is given', async () => {
    const first = tmux.tmux('display-message', '-p', '-t', 'main:0', '#{window_id}');
    const before = panesOf(first).length;
    const p = await h.ok<Pane>('split_window', {});
    expect(p.window_id).toBe(first);
    expect(panesOf(first)).toHaveLength(before + 1);
  });

  it('takes start_directory literally, even with # sequences (docs/reference/tools.md#names-and-escaping)', async () => {
    const weird = join(dir, 'd#{session_name}#(touch x)#[y]##');
    mkdirSync(weird);
    const { windowId } = freshWindow();
    const p = await h.ok<Pane>('split_window', { window_id: windowId, start_directory: weird, shell: 'sleep 300' });
    // tmux reads the cwd of the pane's process; right after the spawn it may still be empty in
    // the returned row, so the literal path is checked on tmux itself.
    let path = '';
    for (let i = 0; i < 200 && !path; i++) path = await tmux.tmuxAsync('display-message', '-p', '-t', p.pane_id, '#{pane_current_path}');
    expect(path).toBe(weird);
    expect(tmux.tmux('display-message', '-p', '-t', p.pane_id, '#{pane_start_command}')).toContain('sleep 300');
  });

  it('runs shell as the pane command, with environment and suppress_persistent_history', async () => {
    const { windowId } = freshWindow();
    const p = await h.ok<Pane>('split_window', {
      window_id: windowId,
      shell: 'echo "v=[$FOO] h=[$HISTFILE] c=[$HISTCONTROL] f=[$fish_private_mode] n=$((6*7))"; sleep 300',
      environment: { FOO: 'bar baz' },
      suppress_persistent_history: true,
    });
    expect(await screenContains(p.pane_id, 'v=[bar baz] h=[] c=[ignorespace] f=[1] n=42')).toBe(true);
    const q = await h.ok<Pane>('split_window', { window_id: windowId, shell: 'echo "e=[$BAR]"; sleep 300', environment: '{"BAR": "x#y"}' });
    expect(await screenContains(q.pane_id, 'e=[x#y]')).toBe(true);
  });

  it('fails environment conflicts before any tmux call, without echoing the value', async () => {
    const { windowId } = freshWindow();
    const e = await h.err('split_window', {
      window_id: windowId,
      environment: { HISTFILE: '/tmp/SECRET' },
      suppress_persistent_history: true,
    });
    expect(e.text).toBe(
      'environment variable HISTFILE conflicts with suppress_persistent_history=True; omit it or set it to an empty string',
    );
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    const f = await h.err('split_window', {
      window_id: windowId,
      environment: { fish_private_mode: '0' },
      suppress_persistent_history: true,
    });
    expect(f.text).toBe("environment variable fish_private_mode conflicts with suppress_persistent_history=True; omit it or set it to '1'");
    expect((await h.err('split_window', { window_id: windowId, environment: '[1]' })).text).toBe(
      'environment must be a JSON object, got list',
    );
    expect((await h.err('split_window', { window_id: windowId, environment: '{"A": 1}' })).text).toBe(
      'environment keys and values must be strings',
    );
    expect(panesOf(windowId)).toHaveLength(1);
  });

  it('validates size and direction in the schema (docs/reference/tools.md#index-and-size-inputs)', async () => {
    for (const size of [0, -3, 'abc', '50%%', 1.5, '']) {
      const e = await h.err('split_window', { size });
      expect(e.meta).toMatchObject({ error_type: 'ValidationError' });
      expect(e.text).toContain('1 validation error for split_window\nsize');
    }
    const d = await h.err('split_window', { direction: 'diagonal' });
    expect(d.text).toContain('direction');
    expect(d.text).toContain('[type=literal_error]');
    expect(d.text).not.toContain('diagonal');
  });

  it('explains a pane whose command ended before it could be read', async () => {
    const { windowId } = freshWindow();
    const r = await h.call('split_window', { window_id: windowId, shell: 'true' });
    // Either tmux still had the pane when it was re-read, or the clear explanation comes back.
    if (r.isError)
      expect(r.content[0].text).toMatch(/^Pane %\d+ was created but exited before its info could be read \(its command finished\)\.\n/);
    else expect(r.structuredContent).toMatchObject({ window_id: windowId });
  });

  it('reports unknown targets', async () => {
    const e = await h.err('split_window', { pane_id: '%9999' });
    expect(e.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
    expect(e.text).toMatch(/^Pane not found: .*%9999/);
    const w = await h.err('split_window', { window_id: '@9999' });
    expect(w.text.split('\n')[0]).toBe('Object not found: Could not find window_id=@9999 for list-windows');
  });
});
