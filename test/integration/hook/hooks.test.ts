import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Entry = { hook_name: string; index: number | null; command: string };
type Hooks = { entries: Entry[] };

describe('show_hooks / show_hook', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let betaWindow: string;
  let betaPane: string;

  beforeAll(async () => {
    tmux.start('alpha');
    tmux.newSession('beta');
    betaWindow = tmux.tmux('display-message', '-p', '-t', 'beta:', '#{window_id}');
    betaPane = tmux.tmux('display-message', '-p', '-t', 'beta:', '#{pane_id}');
    tmux.tmux('set-hook', '-g', 'after-new-session', 'display-message hi');
    tmux.tmux('set-hook', '-ga', 'after-new-session', 'display-message "two words"');
    tmux.tmux('set-hook', '-g', 'session-renamed[10]', 'run-shell true');
    tmux.tmux('set-hook', '-g', 'session-renamed[2]', 'run-shell false');
    tmux.tmux('set-hook', '-gw', 'pane-focus-in', 'display-message focus');
    tmux.tmux('set-hook', '-t', 'beta', 'client-attached', 'display-message att');
    tmux.tmux('set-hook', '-w', '-t', betaWindow, 'window-renamed', 'display-message win');
    tmux.tmux('set-hook', '-p', '-t', betaPane, 'pane-exited', 'display-message ex');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('advertises readonly tier and titles; no hook-writing tools exist', async () => {
    const { tools } = await h.client.listTools();
    const ro = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    expect(tools.find((t) => t.name === 'show_hooks')!.annotations).toEqual({ title: 'Show tmux Hooks', ...ro });
    expect(tools.find((t) => t.name === 'show_hook')!.annotations).toEqual({ title: 'Show tmux Hook', ...ro });
    expect(tools.some((t) => t.name === 'set_hook' || t.name === 'unset_hook')).toBe(false);
  });

  it('server scope: global hooks merged with the global window tree, sorted by raw key, arrays flattened', async () => {
    const { entries } = await h.ok<Hooks>('show_hooks', { scope: 'server' });
    expect(entries).toEqual([
      { hook_name: 'after-new-session', index: 0, command: 'display-message hi' },
      { hook_name: 'after-new-session', index: 1, command: 'display-message "two words"' },
      { hook_name: 'pane-focus-in', index: 0, command: 'display-message focus' },
      // Raw-key order: "session-renamed[10]" sorts before "session-renamed[2]".
      { hook_name: 'session-renamed', index: 10, command: 'run-shell true' },
      { hook_name: 'session-renamed', index: 2, command: 'run-shell false' },
    ]);
  });

  it('global_ without scope is `show-hooks -g` (no window tree merge)', async () => {
    const { entries } = await h.ok<Hooks>('show_hooks', { global_: true });
    expect(entries.map((e) => e.hook_name)).toEqual(['after-new-session', 'after-new-session', 'session-renamed', 'session-renamed']);
  });

  it('session, window and pane scope use the object of the target', async () => {
    expect((await h.ok<Hooks>('show_hooks', { scope: 'session', target: 'beta' })).entries).toEqual([
      { hook_name: 'client-attached', index: 0, command: 'display-message att' },
    ]);
    expect((await h.ok<Hooks>('show_hooks', { scope: 'session', target: 'alpha' })).entries).toEqual([]);
    expect((await h.ok<Hooks>('show_hooks', { scope: 'window', target: betaWindow })).entries).toEqual([
      { hook_name: 'window-renamed', index: 0, command: 'display-message win' },
    ]);
    expect((await h.ok<Hooks>('show_hooks', { scope: 'pane', target: betaPane })).entries).toEqual([
      { hook_name: 'pane-exited', index: 0, command: 'display-message ex' },
    ]);
    // Without a target: the first session / window / pane (alpha has no hooks of its own).
    for (const scope of ['session', 'window', 'pane']) expect((await h.ok<Hooks>('show_hooks', { scope })).entries).toEqual([]);
  });

  it('scope null without flags lists no global hooks', async () => {
    const { entries } = await h.ok<Hooks>('show_hooks');
    expect(entries.some((e) => e.hook_name === 'after-new-session')).toBe(false);
  });

  it('show_hook: one hook, one index, unset → [], scalar values get index null', async () => {
    expect((await h.ok<Hooks>('show_hook', { hook_name: 'after-new-session', scope: 'server' })).entries).toHaveLength(2);
    expect((await h.ok<Hooks>('show_hook', { hook_name: 'after-new-session[1]', scope: 'server' })).entries).toEqual([
      { hook_name: 'after-new-session', index: 1, command: 'display-message "two words"' },
    ]);
    expect((await h.ok<Hooks>('show_hook', { hook_name: 'after-bind-key', scope: 'server' })).entries).toEqual([]);
    expect((await h.ok<Hooks>('show_hook', { hook_name: 'client-detached', scope: 'session', target: 'beta' })).entries).toEqual([]);
    expect((await h.ok<Hooks>('show_hook', { hook_name: 'pane-exited', scope: 'pane', target: betaPane })).entries).toEqual([
      { hook_name: 'pane-exited', index: 0, command: 'display-message ex' },
    ]);
    // tmux answers show-hooks for any option name; a plain option is a scalar entry.
    expect((await h.ok<Hooks>('show_hook', { hook_name: 'status', global_: true })).entries).toEqual([
      { hook_name: 'status', index: null, command: 'on' },
    ]);
  });

  it('show_hook: unknown hooks are tmux errors', async () => {
    const e = await h.err('show_hook', { hook_name: 'no-such-hook', scope: 'server' });
    expect(e.text).toBe('tmux error: invalid option: no-such-hook');
    expect(e.meta).toMatchObject({ error_type: 'LibTmuxException', expected: true });
    expect((await h.err('show_hook', { hook_name: '-g', scope: 'server' })).text).toBe('tmux error: invalid option: -g');
    const ctl = await h.err('show_hook', { hook_name: 'pane\u001bexited' });
    expect(ctl.meta.error_type).toBe('ValidationError');
  });

  it('scope/target rules and target errors', async () => {
    expect((await h.err('show_hooks', { target: 'beta' })).text).toBe('scope is required when target is specified');
    expect((await h.err('show_hook', { hook_name: 'pane-exited', target: betaPane })).text).toBe(
      'scope is required when target is specified',
    );
    expect((await h.err('show_hooks', { scope: 'session', target: 'bet' })).text).toMatch(
      /^Object not found: Could not find session_name=bet for list-sessions(\n|$)/,
    );
    expect((await h.err('show_hooks', { scope: 'window', target: '@999' })).text).toMatch(
      /^Object not found: Could not find window_id=@999/,
    );
    expect((await h.err('show_hook', { hook_name: 'pane-exited', scope: 'pane', target: '%999' })).text).toMatch(/^Pane not found: %999/);
  });
});
