import { execFileSync } from 'node:child_process';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

interface ServerInfo {
  is_alive: boolean;
  socket_name: string | null;
  socket_path: string | null;
  session_count: number;
  version: string | null;
}

describe('get_server_info', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  const version = execFileSync('tmux', ['-V'], { encoding: 'utf8' })
    .trim()
    .replace(/^tmux /, '');

  beforeAll(async () => {
    tmux.start('one');
    tmux.newSession('two');
    tmux.newSession('three');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('reports a live server: version, configured socket, every session counted', async () => {
    const info = await h.ok<ServerInfo>('get_server_info');
    expect(info).toEqual({ is_alive: true, socket_name: tmux.socket, socket_path: null, session_count: 3, version });
  });

  it('reports a dead server without an error', async () => {
    const socket = `${tmux.socket}-none`;
    expect(await h.ok<ServerInfo>('get_server_info', { socket_name: socket })).toEqual({
      is_alive: false,
      socket_name: socket,
      socket_path: null,
      session_count: 0,
      version: null,
    });
  });

  it('reports a configured socket path', async () => {
    const path = tmux.tmux('display-message', '-p', '#{socket_path}');
    const p = await McpHarness.start({ config: { socketName: null, socketPath: path } });
    try {
      expect(await p.ok<ServerInfo>('get_server_info')).toEqual({
        is_alive: true,
        socket_name: null,
        socket_path: path,
        session_count: 3,
        version,
      });
    } finally {
      await p.close();
    }
  });
});
