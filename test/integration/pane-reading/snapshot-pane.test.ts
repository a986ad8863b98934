import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee, screen, until } from './reading-helpers';

type Snap = Record<string, unknown> & { content: string };

describe('snapshot_pane', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let pane: string;

  beforeAll(async () => {
    tmux.start('snap');
    h = await McpHarness.start({ socket: tmux.socket });
    pane = await newPane(tmux, 'snap');
    await runAndSee(tmux, pane, "seq 1 40 | sed 's/^/line-/'");
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('returns content and typed fields from one read (docs/reference/tools.md#snapshot_pane)', async () => {
    const s = await h.ok<Snap>('snapshot_pane', { pane_id: pane });
    const [cx, cy, w, hh, hist, pid, tty] = tmux
      .tmux(
        'display-message',
        '-p',
        '-t',
        pane,
        '#{cursor_x}|#{cursor_y}|#{pane_width}|#{pane_height}|#{history_size}|#{pane_pid}|#{pane_tty}',
      )
      .split('|');
    expect(s).toMatchObject({
      pane_id: pane,
      cursor_x: Number(cx),
      cursor_y: Number(cy),
      pane_width: Number(w),
      pane_height: Number(hh),
      history_size: Number(hist),
      pane_pid: Number(pid),
      pane_tty: tty,
      pane_left: 0,
      pane_top: 0,
      pane_at_left: true,
      pane_at_top: true,
      pane_dead: false,
      alternate_on: false,
      pane_in_mode: false,
      pane_mode: null,
      scroll_position: null,
      pane_current_command: 'sh',
      is_caller: null,
      content_truncated: false,
      content_truncated_lines: 0,
    });
    expect(typeof s.pane_current_path).toBe('string');
    expect(s.content).toBe(await h.ok<{ result: string }>('capture_pane', { pane_id: pane }).then((r) => r.result));
    expect(s.content).toContain('line-40');
  });

  it('tail-truncates content without a marker line', async () => {
    const full = (await h.ok<Snap>('snapshot_pane', { pane_id: pane, max_lines: null })).content.split('\n');
    const s = await h.ok<Snap>('snapshot_pane', { pane_id: pane, max_lines: 3 });
    expect(s.content.split('\n')).toEqual(full.slice(-3));
    expect(s.content_truncated).toBe(true);
    expect(s.content_truncated_lines).toBe(full.length - 3);
  });

  it('reports copy mode, scroll position and the title', async () => {
    tmux.tmux('select-pane', '-t', pane, '-T', 'my title');
    tmux.tmux('copy-mode', '-t', pane);
    tmux.tmux('send-keys', '-t', pane, '-X', 'scroll-up');
    await until('copy mode scrolled', () => tmux.tmux('display-message', '-p', '-t', pane, '#{scroll_position}') !== '');
    const s = await h.ok<Snap>('snapshot_pane', { pane_id: pane });
    expect(s).toMatchObject({ pane_in_mode: true, pane_mode: 'copy-mode', title: 'my title' });
    expect(typeof s.scroll_position).toBe('number');
    tmux.tmux('send-keys', '-t', pane, '-X', 'cancel');
  });

  it('keeps fields apart when a title contains the separator', async () => {
    tmux.tmux('select-pane', '-t', pane, '-T', 'a\u241eb');
    const s = await h.ok<Snap>('snapshot_pane', { pane_id: pane });
    expect(s.title).toBe('a\u241eb');
    expect(s.pane_current_command).toBe('sh');
    expect(s.alternate_on).toBe(false);
    expect(s.pane_at_left).toBe(true);
  });

  it('reports the alternate screen', async () => {
    const alt = await newPane(tmux, 'snap');
    tmux.tmux('send-keys', '-t', alt, '-l', "printf '\\033[?1049h'; echo ALT-$((1+1)); read x\n");
    await until('alternate screen', async () => (await screen(tmux, alt)).includes('ALT-2'));
    const s = await h.ok<Snap>('snapshot_pane', { pane_id: alt });
    expect(s.alternate_on).toBe(true);
    expect(s.content).toContain('ALT-2');
  });

  it('rejects max_lines < 1 and unknown panes', async () => {
    expect((await h.err('snapshot_pane', { max_lines: -1 })).text).toContain('[type=greater_than_equal]');
    expect((await h.err('snapshot_pane', { pane_id: '%424242' })).text).toBe(
      'Pane not found: %424242\nCall list_panes to discover valid pane ids.',
    );
  });
});
