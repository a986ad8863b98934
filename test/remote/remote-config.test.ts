/**
 * The remote-host settings (docs/reference/configuration.md#remote-hosts): TMUX_MCP_HOSTS /
 * --host, the ssh settings and their defaults, and destinations that must fail the start because
 * ssh could read them as options or they would not be one word (docs/reference/safety.md#remote-hosts).
 * No ssh is run here.
 */
import { ConfigError, parseArgs, resolveConfig } from '../../src/config/config.parser';
import { minimalEnv, runCli } from '../helpers/cli-process';

const resolve = (argv: string[], env: NodeJS.ProcessEnv = {}) => resolveConfig(parseArgs(argv), env);

/** The ConfigError a configuration raises (or a failure when it starts). */
function configError(argv: string[], env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    resolve(argv, env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`no ConfigError for ${JSON.stringify({ argv, env })}`);
}

/** The start-up failure for a bad destination; `from` names where it came from (`--host` or `TMUX_MCP_HOSTS`). */
const notDestination = (repr: string, from = 'TMUX_MCP_HOSTS') =>
  `${from}: ${repr} is not an ssh destination (it may not start with '-' or hold spaces or control characters)`;

describe('remote host settings (docs/reference/configuration.md#remote-hosts)', () => {
  it('defaults: no hosts, the user ssh configuration, ssh and tmux by name, 10 s connect timeout', () => {
    expect(resolve([])).toMatchObject({ hosts: [], sshConfig: null, sshBin: 'ssh', remoteTmuxBin: 'tmux', sshConnectTimeout: 10 });
  });

  it('reads TMUX_MCP_HOSTS comma-separated: trimmed, blanks dropped, repeats once; --host is repeatable and wins', () => {
    expect(resolve([], { TMUX_MCP_HOSTS: ' build-box , ,user@10.0.0.7,build-box,ssh://u@h:2222 ' }).hosts).toEqual([
      'build-box',
      'user@10.0.0.7',
      'ssh://u@h:2222',
    ]);
    expect(resolve(['--host', 'a', '--host=b'], { TMUX_MCP_HOSTS: 'c' }).hosts).toEqual(['a', 'b']);
  });

  it('reads the ssh settings from flags and environment', () => {
    const env = {
      TMUX_MCP_SSH_CONFIG: '/etc/tmux-mcp/ssh_config',
      TMUX_MCP_SSH_BIN: '/opt/ssh/bin/ssh',
      TMUX_MCP_REMOTE_TMUX_BIN: '/usr/local/bin/tmux',
      TMUX_MCP_SSH_CONNECT_TIMEOUT: '7',
    };
    expect(resolve([], env)).toMatchObject({
      sshConfig: '/etc/tmux-mcp/ssh_config',
      sshBin: '/opt/ssh/bin/ssh',
      remoteTmuxBin: '/usr/local/bin/tmux',
      sshConnectTimeout: 7,
    });
    const flags = ['--ssh-config', 'f', '--ssh-bin', 'b', '--remote-tmux-bin', 't', '--ssh-connect-timeout', '3'];
    expect(resolve(flags, env)).toMatchObject({ sshConfig: 'f', sshBin: 'b', remoteTmuxBin: 't', sshConnectTimeout: 3 });
  });

  it('rounds the connect timeout up to whole seconds within 1..120; a non-number warns and keeps 10', () => {
    const t = (v: string) => resolve([], { TMUX_MCP_SSH_CONNECT_TIMEOUT: v });
    expect(t('2.1').sshConnectTimeout).toBe(3);
    expect(t('0').sshConnectTimeout).toBe(1);
    expect(t('-5').sshConnectTimeout).toBe(1);
    expect(t('500').sshConnectTimeout).toBe(120);
    const bad = t('soon');
    expect(bad.sshConnectTimeout).toBe(10);
    expect(bad.warnings).toContain('TMUX_MCP_SSH_CONNECT_TIMEOUT: invalid ssh connect timeout; using 10 seconds');
  });

  describe('destinations that fail the start (docs/reference/safety.md#remote-hosts)', () => {
    it.each([
      ['-oProxyCommand=x', "'-oProxyCommand=x'"],
      ['-F/etc/passwd', "'-F/etc/passwd'"],
      ['a b', "'a b'"],
      ['a\tb', "'a\\tb'"],
      ['a\nb', "'a\\nb'"],
      ['a\u0000b', "'a\\x00b'"],
      ['host\u007f', "'host\\x7f'"],
    ])('%j', (dest, repr) => {
      const errors = [
        [configError(['--host', 'ok', '--host', dest]), notDestination(repr, '--host')],
        [configError([`--host=${dest}`]), notDestination(repr, '--host')],
        [configError([], { TMUX_MCP_HOSTS: `ok,${dest}` }), notDestination(repr)],
      ] as const;
      for (const [e, text] of errors) {
        expect(e.message).toBe(text);
        expect(e.message).not.toContain('\n');
      }
    });

    it("'local' names this machine and cannot be a host", () => {
      expect(configError([], { TMUX_MCP_HOSTS: 'a,local' }).message).toBe(
        "TMUX_MCP_HOSTS: 'local' names this machine and cannot be a remote host",
      );
      expect(configError(['--host', 'local']).message).toBe("--host: 'local' names this machine and cannot be a remote host");
    });

    it('the CLI exits 1 with one line on stderr', async () => {
      const r = await runCli([], minimalEnv({ TMUX_MCP_HOSTS: 'ok,-oProxyCommand=touch /tmp/x' }));
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      // One line (a hint may follow the message on it, e.g. to run --check).
      expect(r.stderr.split('\n')).toEqual([expect.any(String), '']);
      expect(r.stderr.startsWith(`tmux-mcp: ${notDestination("'-oProxyCommand=touch /tmp/x'")}`)).toBe(true);
    });
  });
});
