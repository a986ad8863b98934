import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { SocketDirFixture } from '../../helpers/socket-dir-fixture';

interface ServerInfo {
  is_alive: boolean;
  socket_name: string | null;
  socket_path: string | null;
  session_count: number;
  version: string | null;
}

describe('list_servers', () => {
  const fx = new SocketDirFixture();
  const version = execFileSync('tmux', ['-V'], { encoding: 'utf8' })
    .trim()
    .replace(/^tmux /, '');
  let alpha: string;
  let beta: string;
  let outside: string;
  let callerSock: string;
  let h: McpHarness;

  const list = async (harness: McpHarness, args: Record<string, unknown> = {}) =>
    (await harness.ok<{ result: ServerInfo[] }>('list_servers', args)).result;
  const mine = (rows: ServerInfo[]) =>
    rows.filter((r) => (r.socket_path ?? '').startsWith(fx.dir) || ['alpha-srv', 'beta-srv'].includes(r.socket_name ?? ''));

  beforeAll(async () => {
    // Created out of order: the scan sorts entries.
    beta = fx.startServer('beta-srv', 'b1');
    fx.tmux(beta, 'new-session', '-d', '-s', 'b2');
    alpha = fx.startServer('alpha-srv');
    // A decoy the connect() probe must reject: the inode is a socket, nobody listens.
    expect(statSync(fx.staleSocket('stale-srv')).isSocket()).toBe(true);
    fx.plainFile('plain-file');
    mkdirSync(join(fx.dir, 'elsewhere'));
    outside = fx.startServer(join(fx.dir, 'elsewhere', 'out.sock'));
    mkdirSync(join(fx.dir, 'callerdir'));
    callerSock = fx.startServer(join(fx.dir, 'callerdir', 'caller.sock'));
    h = await McpHarness.start({ config: { tmuxTmpdir: fx.dir } });
  });
  afterAll(async () => {
    await h.close();
    fx.cleanup();
  });

  it('scans $TMUX_TMPDIR/tmux-<uid>: live sockets only, sorted, addressed by socket_name', async () => {
    const rows = mine(await list(h));
    expect(rows).toEqual([
      { is_alive: true, socket_name: 'alpha-srv', socket_path: null, session_count: 1, version },
      { is_alive: true, socket_name: 'beta-srv', socket_path: null, session_count: 2, version },
    ]);
  });

  it('appends extra_socket_paths in the given order, addressed by socket_path; bad ones are skipped', async () => {
    const rows = mine(
      await list(h, {
        extra_socket_paths: [
          outside,
          join(fx.dir, 'missing.sock'),
          join(fx.socketDir, 'plain-file'),
          join(fx.socketDir, 'stale-srv'),
          callerSock,
          alpha,
        ],
      }),
    );
    expect(rows.map((r) => [r.socket_name, r.socket_path])).toEqual([
      ['alpha-srv', null],
      ['beta-srv', null],
      [null, outside],
      [null, callerSock],
    ]);
    const all = await list(h, { extra_socket_paths: [outside, callerSock] });
    expect(all.slice(-2)).toEqual([
      { is_alive: true, socket_name: null, socket_path: outside, session_count: 1, version },
      { is_alive: true, socket_name: null, socket_path: callerSock, session_count: 1, version },
    ]);
  });

  it('also scans the directory of the $TMUX socket, addressed by socket_path (docs/reference/tools.md#list_servers)', async () => {
    const g = await McpHarness.start({ config: { tmuxTmpdir: fx.dir, tmuxEnv: `${callerSock},1,$0` } });
    try {
      const rows = mine(await list(g));
      expect(rows.map((r) => [r.socket_name, r.socket_path])).toEqual([
        ['alpha-srv', null],
        ['beta-srv', null],
        [null, callerSock],
      ]);
    } finally {
      await g.close();
    }
  });

  it('de-duplicates directories and sockets by real path', async () => {
    const link = join(fx.dir, 'link-to-sockets');
    symlinkSync(fx.socketDir, link);
    const g = await McpHarness.start({ config: { tmuxTmpdir: fx.dir, tmuxEnv: `${join(link, 'alpha-srv')},1,$0` } });
    try {
      const rows = mine(await list(g, { extra_socket_paths: [join(link, 'beta-srv')] }));
      expect(rows.map((r) => r.socket_name)).toEqual(['alpha-srv', 'beta-srv']);
    } finally {
      await g.close();
    }
  });

  it('never attaches a client to the servers it probes (docs/reference/tools.md#list_servers)', async () => {
    await list(h, { extra_socket_paths: [outside] });
    for (const p of [alpha, beta, outside]) expect(fx.tmux(p, 'list-clients')).toBe('');
  });

  it('skips a missing TMUX_TMPDIR directory silently', async () => {
    const g = await McpHarness.start({ config: { tmuxTmpdir: join(fx.dir, 'does-not-exist') } });
    try {
      const rows = await list(g, { extra_socket_paths: [join(fx.dir, 'nope')] });
      expect(Array.isArray(rows)).toBe(true);
      expect(mine(rows)).toEqual([]);
    } finally {
      await g.close();
    }
  });

  it('has no socket_name parameter and rejects unknown arguments', async () => {
    const e = await h.err('list_servers', { socket_name: 'x' });
    expect(e.text).toContain('socket_name\n  Extra inputs are not permitted [type=extra_forbidden]');
    const bad = await h.err('list_servers', { extra_socket_paths: 'not-a-list' });
    expect(bad.meta).toMatchObject({ error_type: 'ValidationError' });
  });
});
