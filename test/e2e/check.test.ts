import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { catalogNames, CATALOG_TOOLS } from '../helpers/catalog-tools';
import { checkSection, CLI, minimalEnv, runCli } from '../helpers/cli-process';

const ROOT = join(__dirname, '..', '..');
const fixture = (f: string) => join(ROOT, 'test', 'fixtures', 'plugins', f);

/**
 * Runs the CLI with its stdin left open, as an MCP client does, until it exits by itself (bounded):
 * a start-up check that fails after the server connected must still stop it.
 */
function runCliOpen(args: string[], env = minimalEnv()): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI, ...args], { env });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`the CLI did not exit within 20 s; stderr:\n${stderr}`));
    }, 20_000);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const section = checkSection;

describe('tmux-mcp --check (docs/reference/configuration.md#check)', () => {
  const tmux = new TmuxFixture();
  beforeAll(() => tmux.start('chk'));
  afterAll(() => tmux.kill());

  it('prints every setting with where it came from, tmux and its server, plugins and tools; exits 0 when all is well', async () => {
    const r = await runCli(['--check', '--engine', 'exec'], minimalEnv({ TMUX_MCP_SOCKET: tmux.socket, LIBTMUX_SAFETY: 'destructive' }));
    expect(r.stderr).toBe('');
    const settings = section(r.stdout, 'Settings');
    expect(settings).toEqual(
      expect.arrayContaining([
        'safety (tier) | destructive | (LIBTMUX_SAFETY)',
        `socket name | ${tmux.socket} | (TMUX_MCP_SOCKET)`,
        'engine | exec | (--engine)',
        'wait ceiling | 30 s | (default)',
      ]),
    );
    expect(section(r.stdout, 'tmux')).toEqual([
      expect.stringMatching(/^binary \| .*tmux 3\./),
      expect.stringMatching(/running, 1 session$/),
    ]);
    // No hosts configured: list_hosts is not registered (docs/reference/protocol.md#features).
    const names = catalogNames('destructive');
    const per = (tier: string) => CATALOG_TOOLS.filter((t) => t[1] === tier && names.includes(t[0])).length;
    expect(section(r.stdout, 'Tools')).toEqual([
      `${names.length} tools | ${per('readonly')} readonly, ${per('mutating')} mutating, ${per('destructive')} destructive; ${names.length} visible at tier destructive`,
    ]);
    expect(names).toHaveLength(58);
    expect(r.stdout.trimEnd().endsWith('No problems found.')).toBe(true);
    expect(r.code).toBe(0);
  });

  it('checks the configuration the server would run with: a flag replaces an environment value the environment alone would refuse', async () => {
    const r = await runCli(
      ['--check', '--suppress-history', '1'],
      minimalEnv({ TMUX_MCP_SOCKET: tmux.socket, TMUX_MCP_SUPPRESS_HISTORY: 'x' }),
    );
    expect(r.stdout).toContain('No problems found.');
    expect(r.code).toBe(0);
  });

  it('lists every problem with its source and exits 1: a bad setting, a tmux that does not run, a plugin that does not load', async () => {
    const r = await runCli(
      ['--check', '--tmux-bin', '/bin/false', '--plugin', fixture('syntax-error.cjs')],
      minimalEnv({ TMUX_MCP_SAFETY: 'bogus' }),
    );
    expect(r.code).toBe(1);
    const problems = r.stdout.slice(r.stdout.indexOf('3 problems:')).split('\n').slice(1, 4);
    expect(problems).toEqual([
      "  - TMUX_MCP_SAFETY: invalid safety level 'bogus'; falling back to readonly (values: readonly, mutating, destructive)",
      '  - tmux binary /bin/false (--tmux-bin): exit status 1',
      expect.stringMatching(/^ {2}- plugin '.*syntax-error\.cjs' could not be loaded: SyntaxError: .* \(.*syntax-error\.cjs:\d+\)$/),
    ]);
    // A tmux that does not run cannot say whether the default server runs.
    expect(section(r.stdout, 'tmux')).toContainEqual(expect.stringMatching(/^default server \| \S+: unknown \(could not ask tmux\)$/));
    // The check says it all: no "run --check" hint pointing at itself.
    expect(r.stdout + r.stderr).not.toContain('run `tmux-mcp --check`');
  });

  it('shows what each plugin registered', async () => {
    const r = await runCli(
      ['--check', '--plugin', join(ROOT, 'dist-examples', 'custom-tool', 'index.js')],
      minimalEnv({ TMUX_MCP_SOCKET: tmux.socket }),
    );
    const rows = section(r.stdout, 'Plugins');
    // Registered, whatever the tier; list_hosts only with hosts configured (docs/reference/protocol.md#features).
    expect(rows[0]).toMatch(
      new RegExp(
        `^tmux-mcp:core \\| ${catalogNames('destructive').length} tools, \\d+ interceptors, 0 error mappers, 8 resources, 4 prompts$`,
      ),
    );
    // The row names the file the plugin was loaded from (docs/reference/configuration.md#plugin-specifiers).
    expect(rows[1]).toMatch(/^example-pane-tree from \/\S*\/custom-tool\/index\.js (\| )?1 tool \(pane_tree\), 0 interceptors/);
    expect(r.code).toBe(0);
  });

  it('probes every configured remote host and reports an unreachable one as a problem', async () => {
    const port = await freePort(); // nothing listens there: the connection is refused at once
    const host = `ssh://root@127.0.0.1:${port}`;
    const r = await runCli(['--check', '--host', host, '--ssh-connect-timeout', '2'], minimalEnv({ TMUX_MCP_SOCKET: tmux.socket }));
    expect(r.code).toBe(1);
    const rows = section(r.stdout, 'Remote hosts');
    expect(rows).toEqual([expect.stringContaining(`Host '${host}' is unreachable: `)]);
    expect(r.stdout).toContain(`1 problem:\n  - Host '${host}' is unreachable: `);
  });
});

describe('start-up messages (docs/reference/configuration.md#start-up-failures)', () => {
  it('a mistyped flag suggests the nearest one', async () => {
    const r = await runCli(['--safty', 'readonly']);
    expect(r).toMatchObject({ code: 2, stderr: 'tmux-mcp: unknown option: --safty; did you mean --safety? (see --help)\n' });
    const short = await runCli(['--socket', 'x']);
    expect(short).toMatchObject({ code: 2, stderr: 'tmux-mcp: unknown option: --socket; did you mean --socket-name? (see --help)\n' });
    const far = await runCli(['--frobnicate']);
    expect(far.stderr).toBe('tmux-mcp: unknown option: --frobnicate (see --help)\n');
  });

  it('a failure names the setting and where its value came from, and points at --check', async () => {
    const missing = await runCli([], minimalEnv({ TMUX_MCP_TMUX_BIN: '/nonexistent/tmux' }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'tmux-mcp: tmux binary not found: /nonexistent/tmux (from TMUX_MCP_TMUX_BIN); install tmux or set TMUX_MCP_TMUX_BIN to its full path; run `tmux-mcp --check` for details\n',
    );
    const broken = await runCliOpen(['--tmux-bin', '/bin/false']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      'tmux-mcp: tmux binary /bin/false (from --tmux-bin) does not run: exit status 1; run `tmux-mcp --check` for details\n',
    );
    // A relative path is read from the working directory only (docs/reference/configuration.md#plugin-specifiers).
    const plugin = await runCli(['--plugin', './no/such/plugin.js']);
    expect(plugin.stderr).toMatch(
      /^tmux-mcp: plugin '\.\/no\/such\/plugin\.js' could not be loaded: no such file: \/\S+\/no\/such\/plugin\.js \(a relative path is read from the working directory; give an absolute path in a client's configuration\); run `tmux-mcp --check` for details\n$/,
    );
  });

  it('says it is ready, once, on stderr at info (docs/reference/configuration.md#start-up)', async () => {
    const tmux = new TmuxFixture();
    tmux.start('rdy');
    try {
      const p = spawn(process.execPath, [CLI, '--socket-name', tmux.socket], { env: minimalEnv({ TMUX_MCP_LOG_LEVEL: 'info' }) });
      let stderr = '';
      const ready = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line; stderr so far:\n${stderr}`)), 20_000);
        p.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          const line = stderr.split('\n').find((l) => l.includes(' ready: '));
          if (line) {
            clearTimeout(timer);
            resolve(line);
          }
        });
      });
      const line = await ready;
      expect(line).toMatch(
        new RegExp(`INFO tmux_mcp: tmux-mcp \\d+\\.\\d+\\.\\d+\\S* ready: engine (control|exec), tier mutating, socket ${tmux.socket}$`),
      );
      const closed = new Promise<number | null>((resolve) => p.on('close', resolve));
      p.stdin.end();
      expect(await closed).toBe(0);
      expect(stderr.split('\n').filter((l) => l.includes(' ready: '))).toHaveLength(1);
    } finally {
      tmux.kill();
    }
  });
});
