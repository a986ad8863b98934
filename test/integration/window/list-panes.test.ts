import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Pane = Record<string, unknown> & { pane_id: string };
const ids = (r: { result: Pane[] }) => r.result.map((p) => p.pane_id).sort();
const firstLine = (t: string) => t.split('\n')[0];

describe('list_panes', () => {
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
    tmux.tmux('split-window', '-d', '-t', w0, 'sh');
    w1 = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', 'alpha:1', 'sh');
    beta = tmux.newSession('beta');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const tmuxPanes = (...scope: string[]) =>
    tmux
      .tmux('list-panes', ...scope, '-F', '#{pane_id}')
      .split('\n')
      .sort();

  it('lists every pane on the server without targets, with typed fields (docs/reference/tools.md#typed-fields)', async () => {
    const r = await h.ok<{ result: Pane[] }>('list_panes');
    expect(ids(r)).toEqual(tmuxPanes('-a'));
    expect(r.result).toHaveLength(4);
    const p = r.result[0];
    expect(typeof p.pane_index).toBe('number');
    expect(typeof p.pane_width).toBe('number');
    expect(typeof p.pane_pid).toBe('number');
    expect(typeof p.pane_active).toBe('boolean');
    expect(typeof p.pane_at_left).toBe('boolean');
    expect(p.window_id).toMatch(/^@\d+$/);
    expect(p.session_id).toMatch(/^\$\d+$/);
    expect(p.is_caller).toBeNull(); // not running inside tmux (docs/reference/safety.md#is_caller)
  });

  it('scopes to a session by name or id', async () => {
    const byName = await h.ok<{ result: Pane[] }>('list_panes', { session_name: 'alpha' });
    expect(ids(byName)).toEqual(tmuxPanes('-s', '-t', alpha));
    expect(byName.result).toHaveLength(3);
    const byId = await h.ok<{ result: Pane[] }>('list_panes', { session_id: beta });
    expect(ids(byId)).toEqual(tmuxPanes('-s', '-t', beta));
    expect(byId.result.every((p) => p.session_id === beta)).toBe(true);
  });

  it('scopes to a window by id or by index (integer or digit string)', async () => {
    const byId = await h.ok<{ result: Pane[] }>('list_panes', { window_id: w0 });
    expect(ids(byId)).toEqual(tmuxPanes('-t', w0));
    expect(byId.result).toHaveLength(2);
    expect(byId.result.every((p) => p.window_id === w0)).toBe(true);
    // window_index alone resolves in the first session (alpha).
    expect(ids(await h.ok<{ result: Pane[] }>('list_panes', { window_index: 1 }))).toEqual(tmuxPanes('-t', w1));
    expect(ids(await h.ok<{ result: Pane[] }>('list_panes', { window_index: '0', session_name: 'beta' }))).toEqual(
      tmuxPanes('-s', '-t', beta),
    );
  });

  it('filters on any tmux format name, ANDed with the scope', async () => {
    const active = await h.ok<{ result: Pane[] }>('list_panes', { window_id: w0, filters: { pane_active: '1' } });
    expect(active.result).toHaveLength(1);
    expect(active.result[0].pane_active).toBe(true);
    // window_index is not a PaneInfo field but a tmux format: still filterable (docs/reference/tools.md#filters).
    const inW1 = await h.ok<{ result: Pane[] }>('list_panes', { filters: '{"window_index": "1", "session_name": "alpha"}' });
    expect(ids(inW1)).toEqual(tmuxPanes('-t', w1));
    const notInMode = await h.ok<{ result: Pane[] }>('list_panes', { session_name: 'alpha', filters: { pane_in_mode: '0' } });
    expect(notInMode.result).toHaveLength(3);
    const inList = await h.ok<{ result: Pane[] }>('list_panes', { filters: { session_name__in: 'beta,gamma' } });
    expect(ids(inList)).toEqual(tmuxPanes('-s', '-t', beta));
    const unknown = await h.call('list_panes', { filters: { no_such_format_xyz: 'x' } });
    expect(unknown.content).toEqual([{ type: 'text', text: '[]' }]);
    expect(unknown.structuredContent).toEqual({ result: [] });
  });

  it('reports filter errors with the reference texts', async () => {
    expect((await h.err('list_panes', { filters: { pane_id__nope: '%0' } })).text).toBe(
      "Invalid filter operator 'nope' in 'pane_id__nope'. Valid operators: contains, endswith, eq, exact, icontains, iendswith, iexact, in, iregex, istartswith, nin, regex, startswith",
    );
    expect((await h.err('list_panes', { filters: '"x"' })).text).toBe('filters must be a JSON object, got str');
    expect((await h.err('list_panes', { filters: '{' })).text).toMatch(/^Invalid filters JSON: /);
  });

  it('reports unknown targets as Object not found', async () => {
    const s = await h.err('list_panes', { session_name: 'nope' });
    expect(firstLine(s.text)).toBe('Object not found: Could not find session_name=nope for list-sessions');
    expect(s.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist', expected: true });
    expect(firstLine((await h.err('list_panes', { window_id: '@999' })).text)).toBe(
      'Object not found: Could not find window_id=@999 for list-windows',
    );
    expect(firstLine((await h.err('list_panes', { session_id: '$999' })).text)).toBe(
      'Object not found: Could not find session_id=$999 for list-sessions',
    );
    expect(firstLine((await h.err('list_panes', { window_index: 42 })).text)).toBe(
      'Object not found: Could not find window_index=42 for list-windows',
    );
  });

  it('rejects a window_index that is not an index (docs/reference/tools.md#index-and-size-inputs)', async () => {
    const e = await h.err('list_panes', { window_index: 'abc' });
    expect(e.meta).toMatchObject({ error_type: 'ValidationError' });
    expect(e.text).toContain('window_index');
    expect(e.text).not.toContain('abc');
    expect((await h.err('list_panes', { window_index: -1 })).meta).toMatchObject({ error_type: 'ValidationError' });
  });

  it('without a server: [] untargeted, not-found with targets (docs/reference/tools.md#no-server-running)', async () => {
    const none = `${tmux.socket}-none`;
    const r = await h.call('list_panes', { socket_name: none });
    expect(r.content).toEqual([{ type: 'text', text: '[]' }]);
    expect(r.structuredContent).toEqual({ result: [] });
    expect(firstLine((await h.err('list_panes', { socket_name: none, session_name: 'alpha' })).text)).toBe(
      'Object not found: Could not find session_name=alpha for list-sessions',
    );
    expect(firstLine((await h.err('list_panes', { socket_name: none, window_id: '@0' })).text)).toBe(
      'Object not found: Could not find window_id=@0 for list-windows',
    );
  });
  it('a window id that does not exist, or names a window linked into two sessions, is refused (docs/reference/tools.md#window-resolution)', async () => {
    const missing = await h.err('list_panes', { window_id: '@999999' });
    expect(missing.text.split('\n')[0]).toBe('Object not found: Could not find window_id=@999999 for list-windows');
    expect(missing.meta.error_type).toBe('TmuxObjectDoesNotExist');
    const linked = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', 'alpha:7', 'sh');
    tmux.tmux('link-window', '-s', linked, '-t', 'beta:7');
    try {
      const amb = await h.err('list_panes', { window_id: linked });
      expect(amb.text.split('\n')[0]).toBe(`Ambiguous target: Multiple objects returned for window_id=${linked}`);
      expect(amb.meta.error_type).toBe('MultipleObjectsReturned');
      // Naming the session picks its row of the linked window.
      const ok = await h.ok<{ result: Pane[] }>('list_panes', { window_id: linked, session_id: beta });
      expect(ids(ok)).toEqual(tmuxPanes('-t', linked));
    } finally {
      tmux.tmux('kill-window', '-t', linked);
    }
  });
});

describe('list_panes is_caller (docs/reference/safety.md#is_caller)', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let mine: string;

  beforeAll(async () => {
    tmux.start('caller');
    mine = tmux.tmux('display-message', '-p', '-t', 'caller', '#{pane_id}');
    tmux.tmux('split-window', '-d', '-t', mine, 'sh');
    const socketPath = tmux.tmux('display-message', '-p', '#{socket_path}');
    h = await McpHarness.start({ socket: tmux.socket, config: { tmuxEnv: `${socketPath},12345,$0`, tmuxPane: mine } });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('marks exactly the pane running this server', async () => {
    const { result } = await h.ok<{ result: Pane[] }>('list_panes');
    expect(result).toHaveLength(2);
    expect(result.find((p) => p.pane_id === mine)?.is_caller).toBe(true);
    expect(result.filter((p) => p.pane_id !== mine).map((p) => p.is_caller)).toEqual([false]);
  });
});
