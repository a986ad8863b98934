/**
 * list_hosts (docs/reference/tools.md#list_hosts) and the host parameter's errors
 * (docs/reference/tools.md#host, docs/reference/errors.md#remote-host-errors): a reachable host,
 * hosts on a closed loopback port (an ssh config alias and an `ssh://` destination), a host
 * without the remote tmux, and hosts nobody configured.
 */
import { execFileSync } from 'node:child_process';
import { McpHarness } from '../helpers/mcp-harness';
import { freePort, SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, remoteConfig, sshConfigWith, sshdPath } from './remote-helpers';

const CLOSED = 'tmux-mcp-closed';
const localVersion = () =>
  execFileSync('tmux', ['-V'], { encoding: 'utf8' })
    .trim()
    .replace(/^tmux\s+/, '');

describeSsh('list_hosts and host errors', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const harnesses: McpHarness[] = [];
  let h: McpHarness;
  let port: number;
  let uri: string;

  const start = async (config: Parameters<typeof McpHarness.start>[0]) => {
    const x = await McpHarness.start(config);
    harnesses.push(x);
    return x;
  };

  beforeAll(async () => {
    await sshd.start();
    tmux.start('main');
    // Nothing listens there: ssh gets "Connection refused" at once.
    port = await freePort();
    uri = `ssh://${sshd.user}@127.0.0.1:${port}`;
    h = await start({
      socket: tmux.socket,
      config: remoteConfig(sshd, {
        hosts: [sshd.host, CLOSED, uri],
        sshConfig: sshConfigWith(sshd, 'ssh_config_closed', { [CLOSED]: port }),
      }),
    });
  });
  afterAll(async () => {
    for (const x of harnesses) await x.close();
    tmux.kill();
    await sshd?.stop();
  });

  it('lists local first, then every configured host in order, each probed (docs/reference/tools.md#list_hosts)', async () => {
    const r = await h.ok<{ result: unknown[] }>('list_hosts');
    const refused = `ssh: connect to host 127.0.0.1 port ${port}: Connection refused`;
    expect(r.result).toEqual([
      { host: 'local', reachable: true, tmux_version: localVersion(), error: null },
      { host: sshd.host, reachable: true, tmux_version: localVersion(), error: null },
      { host: CLOSED, reachable: false, tmux_version: null, error: `Host '${CLOSED}' is unreachable: ${refused}` },
      { host: uri, reachable: false, tmux_version: null, error: `Host '${uri}' is unreachable: ${refused}` },
    ]);
  });

  it('a call to a host on a closed port fails with the unreachable error (docs/reference/errors.md#remote-host-errors)', async () => {
    const text = `Host '${CLOSED}' is unreachable: ssh: connect to host 127.0.0.1 port ${port}: Connection refused`;
    const suggestion = 'Check it with list_hosts: ssh must reach it and log in without a prompt (BatchMode), with a known host key.';
    const e = await h.err('list_sessions', { host: CLOSED });
    expect(e.text).toBe(`${text}\n${suggestion}`);
    expect(e.meta).toEqual({ error_type: 'HostUnreachable', expected: true, suggestion });
    // Inside other tools' texts the wording stays: paste_text does not say `load-buffer failed`.
    expect((await h.err('paste_text', { host: CLOSED, pane_id: '%0', text: 'x' })).text).toBe(`${text}\n${suggestion}`);
  });

  it('a host without the remote tmux: list_hosts says so and calls fail with "tmux was not found"', async () => {
    const missing = await start({ socket: tmux.socket, config: remoteConfig(sshd, { remoteTmuxBin: 'tmux-does-not-exist' }) });
    const rows = await missing.ok<{ result: unknown[] }>('list_hosts');
    expect(rows.result[1]).toEqual({
      host: sshd.host,
      // ssh reached it and the remote shell answered: reachable, without tmux.
      reachable: true,
      tmux_version: null,
      error: `tmux was not found on host '${sshd.host}'`,
    });
    const e = await missing.err('list_sessions', { host: sshd.host });
    expect(e.text.split('\n')[0]).toBe(`tmux was not found on host '${sshd.host}'`);
    expect(e.meta).toMatchObject({ error_type: 'HostTmuxNotFound', expected: true });
    // Local tmux is untouched by the remote binary setting.
    expect((await missing.ok<{ result: unknown[] }>('list_sessions')).result).toHaveLength(1);
  });

  describe('unknown hosts (docs/reference/tools.md#host)', () => {
    const notConfigured = (x: string, list: string) => `Host ${x} is not configured. Configured hosts: ${list} (set TMUX_MCP_HOSTS).`;

    it('a tool answers with the exact expected error, the host through the safe repr', async () => {
      const list = `${sshd.host}, ${CLOSED}, ${uri}`;
      const e = await h.err('list_sessions', { host: 'nope' });
      expect(e.text).toBe(notConfigured("'nope'", list));
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
      expect((await h.err('send_keys', { host: "it's", keys: 'x' })).text).toBe(notConfigured("'it\\'s'", list));
      expect((await h.err('list_windows', { host: 'a\nb' })).text).toBe(notConfigured("'a\\nb'", list));
      // Names differing only in case are different destinations.
      expect((await h.err('list_sessions', { host: sshd.host.toUpperCase() })).text).toBe(
        notConfigured(`'${sshd.host.toUpperCase()}'`, list),
      );
    });

    it("'local' and null name this machine", async () => {
      const local = await h.ok<{ result: { session_name: string }[] }>('list_sessions', { host: 'local' });
      expect(local.result.map((s) => s.session_name)).toEqual(['main']);
      expect(await h.ok('list_sessions', { host: null })).toEqual(local);
    });

    it("with no host configured a tool refuses host as an unknown argument, list_hosts is unknown, a resource's host reads 'none'", async () => {
      // No hosts: no `host` parameter and no list_hosts (docs/reference/protocol.md#features).
      const bare = await start({ socket: tmux.socket });
      const e = await bare.err('get_server_info', { host: sshd.host });
      expect(e.text).toBe(
        '1 validation error for get_server_info\nhost\n  Extra inputs are not permitted [type=extra_forbidden]\nRemove or correct the unrecognized argument(s): host.',
      );
      expect(e.meta).toMatchObject({ error_type: 'ValidationError', expected: true });
      const unknown = await bare.client.callTool({ name: 'list_hosts', arguments: {} }).then(
        () => undefined,
        (x: { code: number; message: string }) => x,
      );
      expect(unknown?.code).toBe(-32602);
      expect(unknown?.message).toContain('list_hosts');
      const err = await bare.client.readResource({ uri: `tmux://sessions?host=${sshd.host}` }).then(
        () => undefined,
        (x: { code: number; message: string }) => x,
      );
      expect(err?.message).toBe(`MCP error -32602: ${notConfigured(`'${sshd.host}'`, 'none')}`);
    });

    it('a resource read with an unknown host is invalid params (-32602) with the same text', async () => {
      const err = await h.client.readResource({ uri: 'tmux://sessions?host=nope' }).then(
        () => undefined,
        (e: { code: number; message: string }) => e,
      );
      expect(err?.code).toBe(-32602);
      // The SDK client prefixes `MCP error <code>: `; the server's message is the rest.
      expect(err?.message).toBe(`MCP error -32602: ${notConfigured("'nope'", `${sshd.host}, ${CLOSED}, ${uri}`)}`);
    });

    it('a resource read from an unreachable host is an internal error (-32603) with the remote host text', async () => {
      const err = await h.client.readResource({ uri: `tmux://sessions?host=${CLOSED}` }).then(
        () => undefined,
        (e: { code: number; message: string }) => e,
      );
      expect(err?.code).toBe(-32603);
      expect(err?.message).toMatch(
        new RegExp(
          `^MCP error -32603: Internal error: Host '${CLOSED}' is unreachable: ssh: connect to host 127\\.0\\.0\\.1 port ${port}: Connection refused`,
        ),
      );
    });
  });
});
