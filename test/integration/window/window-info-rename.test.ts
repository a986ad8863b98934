import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Win = Record<string, unknown> & { window_id: string };
const firstLine = (t: string) => t.split('\n')[0];

describe('get_window_info and rename_window', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let alpha: string;
  let beta: string;
  let w0: string;
  let w1: string;

  beforeAll(async () => {
    tmux.start('alpha');
    alpha = tmux.tmux('display-message', '-p', '-t', 'alpha', '#{session_id}');
    w0 = tmux.tmux('display-message', '-p', '-t', 'alpha:0', '#{window_id}');
    w1 = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-n', 'second', '-t', 'alpha:1', 'sh');
    tmux.tmux('split-window', '-d', '-t', w1, 'sh');
    beta = tmux.newSession('beta');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const name = (w: string) => tmux.tmux('display-message', '-p', '-t', w, '#{window_name}');

  it('get_window_info returns WindowInfo with typed fields (docs/reference/tools.md#typed-fields)', async () => {
    const w = await h.ok<Win>('get_window_info', { window_id: w1 });
    expect(w).toMatchObject({
      window_id: w1,
      window_name: 'second',
      window_index: 1,
      session_id: alpha,
      session_name: 'alpha',
      pane_count: 2,
      window_active: false,
      window_width: 80,
      window_height: 24,
    });
    expect(w.window_layout).toBe(tmux.tmux('display-message', '-p', '-t', w1, '#{window_layout}'));
    expect(w.active_pane_id).toBe(tmux.tmux('display-message', '-p', '-t', w1, '#{pane_id}'));
  });

  it('get_window_info resolves index within a session, else the first session and lowest index', async () => {
    expect((await h.ok<Win>('get_window_info', { window_index: '1', session_name: 'alpha' })).window_id).toBe(w1);
    expect((await h.ok<Win>('get_window_info', { window_index: 1 })).window_id).toBe(w1);
    expect((await h.ok<Win>('get_window_info', {})).window_id).toBe(w0);
    const b = await h.ok<Win>('get_window_info', { session_id: beta });
    expect(b.session_id).toBe(beta);
    expect(b.window_active).toBe(true);
  });

  it('get_window_info reports unknown targets', async () => {
    const e = await h.err('get_window_info', { window_id: '@777' });
    expect(firstLine(e.text)).toBe('Object not found: Could not find window_id=@777 for list-windows');
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist', expected: true });
    expect(firstLine((await h.err('get_window_info', { session_name: 'gamma' })).text)).toBe(
      'Object not found: Could not find session_name=gamma for list-sessions',
    );
    expect(firstLine((await h.err('get_window_info', { session_name: 'beta', window_index: '5' })).text)).toBe(
      'Object not found: Could not find window_index=5 for list-windows',
    );
  });

  it('rename_window renames and returns fresh info', async () => {
    const w = await h.ok<Win>('rename_window', { window_id: w1, new_name: 'renamed' });
    expect(w).toMatchObject({ window_id: w1, window_name: 'renamed', session_id: alpha, window_index: 1 });
    expect(name(w1)).toBe('renamed');
    const b = await h.ok<Win>('rename_window', { session_name: 'beta', new_name: 'in-beta' });
    expect(b.session_id).toBe(beta);
    expect(b.window_name).toBe('in-beta');
  });

  it('keeps names literal: # sequences never expand or run (docs/reference/tools.md#names-and-escaping)', async () => {
    const cases = [
      '#{session_name}',
      'a#(echo pwned)b',
      '#',
      '##',
      '#[fg=red]x',
      '##[x',
      '#[fg=#{session_name}]',
      'a#Sb',
      'x#,y#}',
      '-dash',
      'ünï #',
    ];
    for (const literal of cases) {
      const w = await h.ok<Win>('rename_window', { window_id: w1, new_name: literal });
      expect(w.window_name).toBe(literal);
      expect(name(w1)).toBe(literal);
    }
  });

  it('reports what tmux stores for $ (docs/reference/tools.md#rename_window)', async () => {
    const w = await h.ok<Win>('rename_window', { window_id: w1, new_name: 'a$b' });
    expect(w.window_name).toBe(name(w1));
  });

  it('rejects control characters without echoing the name (docs/reference/tools.md#names-and-escaping)', async () => {
    const before = name(w1);
    for (const bad of ['a\nb', 'x\u0007y', 'del\u007f', 'tab\t']) {
      const e = await h.err('rename_window', { window_id: w1, new_name: bad });
      expect(e.meta).toMatchObject({ error_type: 'ValidationError' });
      expect(e.text).toContain('new_name');
    }
    expect(name(w1)).toBe(before);
    const missing = await h.err('rename_window', { window_id: w1 });
    expect(missing.text).toContain('new_name\n  Field required [type=missing]');
  });

  it('rename_window reports unknown targets', async () => {
    expect(firstLine((await h.err('rename_window', { window_id: '@777', new_name: 'x' })).text)).toBe(
      'Object not found: Could not find window_id=@777 for list-windows',
    );
  });
});
