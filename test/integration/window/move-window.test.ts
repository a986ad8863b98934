import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Win = Record<string, unknown> & { window_id: string; window_index: number };
const firstLine = (t: string) => t.split('\n')[0];

describe('move_window (docs/reference/tools.md#move_window)', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let main: string;
  let other: string;

  beforeAll(async () => {
    tmux.start('main');
    main = tmux.tmux('display-message', '-p', '-t', 'main', '#{session_id}');
    other = tmux.newSession('other');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const place = (w: string) => tmux.tmux('display-message', '-p', '-t', w, '#{session_id}:#{window_index}');
  const newWindow = (target = 'main:') => tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', target, 'sh');

  it('moves to an explicit index (integer or digit string) in its own session by default', async () => {
    const w = newWindow();
    const r = await h.ok<Win>('move_window', { window_id: w, destination_index: 7 });
    expect(r).toMatchObject({ window_id: w, window_index: 7, session_id: main, session_name: 'main' });
    expect(place(w)).toBe(`${main}:7`);
    expect(await h.ok<Win>('move_window', { window_id: w, destination_index: '9' })).toMatchObject({ window_index: 9, session_id: main });
    expect(place(w)).toBe(`${main}:9`);
  });

  it('"" (default) takes the next free index, as tmux picks it (the lowest unused one)', async () => {
    const w = newWindow();
    const used = new Set(tmux.tmux('list-windows', '-t', main, '-F', '#{window_index}').split('\n').map(Number));
    let free = 0;
    while (used.has(free)) free++;
    const r = await h.ok<Win>('move_window', { window_id: w });
    expect(r.window_index).toBe(free);
    expect(r.session_id).toBe(main);
    expect(place(w)).toBe(`${main}:${free}`);
  });

  it('moves into another session by name or by id', async () => {
    const w = newWindow();
    const r = await h.ok<Win>('move_window', { window_id: w, destination_session: 'other', destination_index: 4 });
    expect(r).toMatchObject({ window_id: w, session_id: other, session_name: 'other', window_index: 4 });
    expect(place(w)).toBe(`${other}:4`);
    const back = await h.ok<Win>('move_window', { window_id: w, destination_session: main, destination_index: '' });
    expect(back.session_id).toBe(main);
    expect(place(w)).toBe(`${main}:${back.window_index}`);
  });

  it('resolves the source by session and window_index', async () => {
    const w = newWindow('other:');
    const idx = tmux.tmux('display-message', '-p', '-t', w, '#{window_index}');
    const r = await h.ok<Win>('move_window', { session_id: other, window_index: idx, destination_index: 12 });
    expect(r).toMatchObject({ window_id: w, session_id: other, window_index: 12 });
  });

  it('matches destination names exactly, never by tmux prefix rules', async () => {
    const w = newWindow();
    const e = await h.err('move_window', { window_id: w, destination_session: 'oth' });
    expect(firstLine(e.text)).toBe('Object not found: Could not find session_name=oth for list-sessions');
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist' });
    expect(firstLine((await h.err('move_window', { window_id: w, destination_session: '$999' })).text)).toBe(
      'Object not found: Could not find session_id=$999 for list-sessions',
    );
    expect(place(w).startsWith(`${main}:`)).toBe(true);
  });

  it('surfaces tmux errors for an occupied index', async () => {
    const w = newWindow();
    const e = await h.err('move_window', { window_id: w, destination_index: 0 });
    expect(e.text).toMatch(/^tmux error: index in use: 0/);
  });

  it('rejects destination indexes that are not "" or digits', async () => {
    for (const destination_index of [-1, 'abc', '1a', 1.5, null]) {
      const e = await h.err('move_window', { window_id: '@0', destination_index });
      expect(e.meta).toMatchObject({ error_type: 'ValidationError' });
      expect(e.text).toContain('destination_index');
    }
  });
});
