import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';
import type { ServerConfig } from '../../src/config/server-config';

/**
 * Self-kill refusals (docs/reference/safety.md#self-kill-guards) hold however the caller's server is named: by socket name, by a
 * per-call socket_name while the default is another server, by socket path, and through a
 * symlinked socket directory on either side (guards read config.tmuxEnv / config.tmuxPane and
 * compare real paths). Direct calls and the destructive batch wrapper alike. Positive controls
 * show the guard is not simply refusing everything.
 */
const REFUSED = {
  kill_server: 'Refusing to kill the tmux server while this MCP server is running inside it. Use a manual tmux command if intended.',
  kill_session: "Refusing to kill the session containing this MCP server's pane. Use a manual tmux command if intended.",
  kill_window: "Refusing to kill the window containing this MCP server's pane. Use a manual tmux command if intended.",
  kill_pane: 'Refusing to kill the pane running this MCP server. Use a manual tmux command if intended.',
  respawn_pane: 'Refusing to respawn the pane running this MCP server. Use a manual tmux command if intended.',
};

describe('self-kill guards across sockets and symlinked socket directories', () => {
  const home = new HardenedTmux(); // the server "we" run in
  const other = new HardenedTmux(); // an unrelated server
  let realPath: string;
  let linkedPath: string;
  let pane: string;
  let window: string;
  let session: string;
  let pid: string;

  beforeAll(() => {
    home.start('main');
    other.start('elsewhere');
    pane = home.firstPane('main');
    window = home.tmux('display-message', '-p', '-t', pane, '#{window_id}');
    session = home.tmux('display-message', '-p', '-t', pane, '#{session_id}');
    pid = home.tmux('display-message', '-p', '-t', pane, '#{pane_pid}');
    realPath = home.tmux('display-message', '-p', '#{socket_path}');
    // A symlinked directory pointing at the socket directory.
    const links = join(home.dir, 'links');
    mkdirSync(links);
    symlinkSync(dirname(realPath), join(links, 'sockdir'));
    linkedPath = join(links, 'sockdir', home.socket);
    // And a symlink to the socket itself under another name (only a real-path compare sees it).
    symlinkSync(realPath, join(links, 'alias'));
  });
  afterAll(() => {
    home.cleanup();
    other.cleanup();
  });

  const tmuxEnv = (socketPath: string) => `${socketPath},${home.serverPid()},${session}`;

  /** Every guarded call, direct and through the destructive batch wrapper, must be refused. */
  async function expectAllRefused(config: Partial<ServerConfig>, extra: Record<string, unknown> = {}): Promise<void> {
    const h = await McpHarness.start({ config: { safety: 'destructive', ...config } });
    try {
      const calls: [keyof typeof REFUSED, Record<string, unknown>][] = [
        ['kill_server', {}],
        ['kill_session', { session_id: session }],
        ['kill_window', { window_id: window }],
        ['kill_pane', { pane_id: pane }],
        ['respawn_pane', { pane_id: pane }],
      ];
      for (const [tool, args] of calls) {
        const e = await h.err(tool, { ...args, ...extra });
        expect(e.text).toBe(REFUSED[tool]);
        expect(e.meta).toMatchObject({ expected: true });
      }
      const batch = await h.ok<{ results: { success: boolean; error: string }[] }>('call_destructive_tools_batch', {
        operations: calls.map(([tool, args]) => ({ tool, arguments: { ...args, ...extra } })),
        on_error: 'continue',
      });
      expect(batch.results.map((r) => r.error)).toEqual(calls.map(([tool]) => REFUSED[tool]));
    } finally {
      await h.close();
    }
    // Nothing happened to the caller's pane.
    expect(home.tmux('display-message', '-p', '-t', pane, '#{pane_pid}')).toBe(pid);
  }

  it('by socket name, with TMUX naming the socket through a symlinked directory', async () => {
    await expectAllRefused({ socketName: home.socket, tmuxEnv: tmuxEnv(linkedPath), tmuxPane: pane });
  });

  it('by per-call socket_name while the default server is another one', async () => {
    await expectAllRefused({ socketName: other.socket, tmuxEnv: tmuxEnv(linkedPath), tmuxPane: pane }, { socket_name: home.socket });
  });

  it('by socket path (real path configured, TMUX through the symlink)', async () => {
    await expectAllRefused({ socketName: null, socketPath: realPath, tmuxEnv: tmuxEnv(linkedPath), tmuxPane: pane });
  });

  it('by socket path (symlinked path configured, TMUX with the real path)', async () => {
    await expectAllRefused({ socketName: null, socketPath: linkedPath, tmuxEnv: tmuxEnv(realPath), tmuxPane: pane });
  });

  it('by socket name, with TMUX naming a differently named symlink to the socket', async () => {
    await expectAllRefused({ socketName: home.socket, tmuxEnv: tmuxEnv(join(home.dir, 'links', 'alias')), tmuxPane: pane });
  });

  it('positive controls: other panes, windows, sessions and servers can still be killed', async () => {
    const h = await McpHarness.start({
      config: { safety: 'destructive', socketName: other.socket, tmuxEnv: tmuxEnv(linkedPath), tmuxPane: pane },
    });
    try {
      const spare = home.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', pane, '-c', home.dir).trim();
      expect(await h.ok('kill_pane', { pane_id: spare, socket_name: home.socket })).toEqual({ result: `Pane killed: ${spare}` });
      const w = home.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', 'main', '-c', home.dir).trim();
      expect(await h.ok('kill_window', { window_id: w, socket_name: home.socket })).toEqual({ result: `Window killed: ${w}` });
      const s = home.session('spare');
      expect((await h.ok<{ result: string }>('kill_session', { session_id: s, socket_name: home.socket })).result).toMatch(
        /^Session killed: /,
      );
      // The unrelated server (the default here) is not the caller's: it can go.
      expect(await h.ok('kill_server', {})).toEqual({ result: 'Server killed successfully' });
    } finally {
      await h.close();
    }
    expect(home.tmux('display-message', '-p', '-t', pane, '#{pane_pid}')).toBe(pid);
  });
});
