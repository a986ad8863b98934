import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

const REFUSAL = "Refusing to kill the window containing this MCP server's pane. Use a manual tmux command if intended.";

describe('kill_window', () => {
  const tmux = new TmuxFixture();
  const harnesses: McpHarness[] = [];
  let socketPath: string;

  const start = async (config: Record<string, unknown> = {}) => {
    const h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive', ...config } });
    harnesses.push(h);
    return h;
  };
  /** A new window with two panes: [windowId, firstPaneId, secondPaneId]. */
  const newWindow = (): [string, string, string] => {
    const [w, p] = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id} #{pane_id}', '-t', 'main:', 'sh').split(' ');
    const p2 = tmux.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', p, 'sh');
    return [w, p, p2];
  };
  const windows = () => tmux.tmux('list-windows', '-a', '-F', '#{window_id}').split('\n');

  beforeAll(() => {
    tmux.start('main');
    socketPath = tmux.tmux('display-message', '-p', '#{socket_path}');
  });
  afterAll(async () => {
    for (const h of harnesses) await h.close();
    tmux.kill();
  });

  it('kills a window by id', async () => {
    const h = await start();
    const [w] = newWindow();
    const r = await h.call('kill_window', { window_id: w });
    expect(r.isError).toBeFalsy();
    expect(r.content).toEqual([{ type: 'text', text: `Window killed: ${w}` }]);
    expect(r.structuredContent).toEqual({ result: `Window killed: ${w}` });
    expect(windows()).not.toContain(w);
  });

  it('requires window_id and reports unknown ids', async () => {
    const h = await start();
    const missing = await h.err('kill_window', {});
    expect(missing.text).toContain('1 validation error for kill_window\nwindow_id\n  Field required [type=missing]');
    const nul = await h.err('kill_window', { window_id: null });
    expect(nul.meta).toMatchObject({ error_type: 'ValidationError' });
    const e = await h.err('kill_window', { window_id: '@999' });
    expect(e.text.split('\n')[0]).toBe('Object not found: Could not find window_id=@999 for list-windows');
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist', expected: true });
  });

  it('refuses a window linked into two sessions as ambiguous: no session argument, no fallback (docs/reference/tools.md#window-resolution)', async () => {
    const h = await start();
    const [w] = newWindow();
    const other = tmux.newSession('linked');
    tmux.tmux('link-window', '-s', w, '-t', `${other}:5`);
    const e = await h.err('kill_window', { window_id: w });
    expect(e.text.split('\n')[0]).toMatch(new RegExp(`^Ambiguous target: .*${w}`));
    expect(e.meta).toMatchObject({ error_type: 'MultipleObjectsReturned', expected: true });
    expect(e.meta.suggestion).toMatch(/Target it by id/);
    expect(windows().filter((x) => x === w)).toHaveLength(2);
    tmux.tmux('kill-session', '-t', other);
  });

  it('is not available below the destructive tier', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    harnesses.push(h);
    const [w] = newWindow();
    const e = await h.err('kill_window', { window_id: w });
    expect(e.text).toBe(
      "Tool 'kill_window' is not available at the current safety level (mutating). Start the server with TMUX_MCP_SAFETY=destructive to enable it.",
    );
    expect(windows()).toContain(w);
  });

  it("refuses the window holding the caller's pane on this server (docs/reference/safety.md#self-kill-guards)", async () => {
    const [w, , callerPane] = newWindow();
    const [other] = newWindow();
    const h = await start({ tmuxEnv: `${socketPath},12345,$0`, tmuxPane: callerPane });
    const e = await h.err('kill_window', { window_id: w });
    expect(e.text).toBe(REFUSAL);
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    expect(windows()).toContain(w);
    // Another window on the same server is fine.
    expect((await h.ok<{ result: string }>('kill_window', { window_id: other })).result).toBe(`Window killed: ${other}`);
  });

  it('is conservative when only TMUX_PANE is known', async () => {
    const [w, callerPane] = newWindow();
    const h = await start({ tmuxEnv: null, tmuxPane: callerPane });
    expect((await h.err('kill_window', { window_id: w })).text).toBe(REFUSAL);
    expect(windows()).toContain(w);
  });

  it('does not refuse when the caller runs on another tmux server', async () => {
    const [w, callerPane] = newWindow();
    const h = await start({ tmuxEnv: '/nonexistent/tmux-mcp-other-socket,1,$0', tmuxPane: callerPane });
    expect((await h.ok<{ result: string }>('kill_window', { window_id: w })).result).toBe(`Window killed: ${w}`);
    expect(windows()).not.toContain(w);
  });
});
