import { ConfigError, HELP_TEXT, nearestOption, parseArgs, resolveConfig, UsageError } from '../../../src/config/config.parser';

const cfg = (argv: string[], env: NodeJS.ProcessEnv = {}) => resolveConfig(parseArgs(argv), env);

describe('configuration (docs/reference/configuration.md#settings)', () => {
  it('has the documented defaults', () => {
    expect(cfg([])).toMatchObject({
      safety: 'mutating',
      socketName: null,
      socketPath: null,
      tmuxBin: 'tmux',
      waitMaxSeconds: 30,
      suppressHistory: true,
      promptsAsTools: false,
      engine: 'control',
      logLevel: 'info',
      auditLog: null,
      plugins: [],
      warnings: [],
    });
  });

  it('TMUX_MCP_* wins over LIBTMUX_*, flags win over both, empty means unset', () => {
    expect(cfg([], { LIBTMUX_SAFETY: 'readonly' }).safety).toBe('readonly');
    expect(cfg([], { LIBTMUX_SAFETY: 'readonly', TMUX_MCP_SAFETY: 'destructive' }).safety).toBe('destructive');
    expect(cfg(['--safety', 'mutating'], { TMUX_MCP_SAFETY: 'destructive' }).safety).toBe('mutating');
    expect(cfg([], { TMUX_MCP_SOCKET: '', LIBTMUX_SOCKET: 'alt' }).socketName).toBe('alt');
    expect(cfg(['--socket-name=x'], { LIBTMUX_SOCKET: 'alt' }).socketName).toBe('x');
    expect(cfg([], { LIBTMUX_MCP_WAIT_MAX_SECONDS: '7.5' }).waitMaxSeconds).toBe(7.5);
  });

  it('fails closed on an invalid safety level', () => {
    const c = cfg([], { TMUX_MCP_SAFETY: 'Destructive' });
    expect(c.safety).toBe('readonly');
    expect(c.warnings).toEqual([
      "TMUX_MCP_SAFETY: invalid safety level 'Destructive'; falling back to readonly (values: readonly, mutating, destructive)",
    ]);
    // The rejected value through the safe repr: quotes escaped, control characters shown.
    expect(cfg(['--safety', "it's\n"]).warnings[0]).toBe(
      "--safety: invalid safety level 'it\\'s\\n'; falling back to readonly (values: readonly, mutating, destructive)",
    );
  });

  it('confirm: off by default, the three modes, and an invalid mode fails closed to mutating (docs/reference/safety.md#confirmation)', () => {
    expect(cfg([])).toMatchObject({ confirm: 'off', confirmTimeout: 120 });
    expect(cfg(['--confirm', 'destructive', '--confirm-timeout', '5'])).toMatchObject({ confirm: 'destructive', confirmTimeout: 5 });
    expect(cfg([], { TMUX_MCP_CONFIRM: 'mutating', TMUX_MCP_CONFIRM_TIMEOUT: '0.5' })).toMatchObject({
      confirm: 'mutating',
      confirmTimeout: 1,
    });
    const c = cfg([], { TMUX_MCP_CONFIRM: 'yes', TMUX_MCP_CONFIRM_TIMEOUT: '0' });
    expect(c).toMatchObject({ confirm: 'mutating', confirmTimeout: 120 });
    expect(c.warnings).toEqual([
      "TMUX_MCP_CONFIRM: invalid confirm mode 'yes'; falling back to mutating (values: off, destructive, mutating)",
      'TMUX_MCP_CONFIRM_TIMEOUT: invalid confirm timeout; using 120 seconds',
    ]);
  });

  it('clamps the wait ceiling and falls back on nonsense', () => {
    expect(cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: '0.1' }).waitMaxSeconds).toBe(1);
    expect(cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: '999' }).waitMaxSeconds).toBe(120);
    const c = cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: 'inf' });
    expect(c.waitMaxSeconds).toBe(30);
    expect(c.warnings).toHaveLength(1);
  });

  it('accepts only unset/0/1 for suppress-history, without echoing the value', () => {
    expect(cfg([], { LIBTMUX_SUPPRESS_HISTORY: '0' }).suppressHistory).toBe(false);
    expect(cfg(['--suppress-history', '1'], { LIBTMUX_SUPPRESS_HISTORY: '0' }).suppressHistory).toBe(true);
    expect(() => cfg([], { TMUX_MCP_SUPPRESS_HISTORY: 'yes-please' })).toThrow(ConfigError);
    expect(() => cfg([], { TMUX_MCP_SUPPRESS_HISTORY: 'yes-please' })).not.toThrow(/yes-please/);
  });

  it('warns and defaults on invalid engine, log level and prompts-as-tools', () => {
    const c = cfg([], { TMUX_MCP_ENGINE: 'fast', TMUX_MCP_LOG_LEVEL: 'loud', TMUX_MCP_PROMPTS_AS_TOOLS: 'yes' });
    expect(c).toMatchObject({ engine: 'control', logLevel: 'info', promptsAsTools: false });
    expect(c.warnings).toHaveLength(3);
    expect(cfg(['--prompts-as-tools', '--engine', 'exec']).promptsAsTools).toBe(true);
  });

  it('any --plugin replaces the TMUX_MCP_PLUGINS list', () => {
    expect(cfg([], { TMUX_MCP_PLUGINS: 'a, b,,' }).plugins).toEqual(['a', 'b']);
    expect(cfg(['--plugin', 'c', '--plugin=d'], { TMUX_MCP_PLUGINS: 'a' }).plugins).toEqual(['c', 'd']);
  });

  it('every LIBTMUX_* alias works and its TMUX_MCP_* twin wins (docs/reference/configuration.md#precedence)', () => {
    const pairs: [string, string, string, keyof ReturnType<typeof cfg>, unknown, string][] = [
      ['SAFETY', 'SAFETY', 'readonly', 'safety', 'readonly', 'destructive'],
      ['SOCKET', 'SOCKET', 'a', 'socketName', 'a', 'destructive'],
      ['SOCKET_PATH', 'SOCKET_PATH', '/tmp/a', 'socketPath', '/tmp/a', 'destructive'],
      ['TMUX_BIN', 'TMUX_BIN', '/opt/tmux', 'tmuxBin', '/opt/tmux', 'destructive'],
      ['WAIT_MAX_SECONDS', 'MCP_WAIT_MAX_SECONDS', '12', 'waitMaxSeconds', 12, '13'],
      ['SUPPRESS_HISTORY', 'SUPPRESS_HISTORY', '0', 'suppressHistory', false, '1'],
      ['PROMPTS_AS_TOOLS', 'MCP_PROMPTS_AS_TOOLS', '1', 'promptsAsTools', true, '0'],
    ];
    for (const [name, alias, value, key, parsed, other] of pairs) {
      expect({ name, v: cfg([], { [`LIBTMUX_${alias}`]: value })[key] }).toEqual({ name, v: parsed });
      expect({ name, v: cfg([], { [`LIBTMUX_${alias}`]: other, [`TMUX_MCP_${name}`]: value })[key] }).toEqual({ name, v: parsed });
    }
  });

  it('has a flag for every variable (docs/reference/configuration.md#settings), each listed in --help', () => {
    const c = cfg(
      [
        '--socket-path',
        '/s',
        '--tmux-bin',
        '/t',
        '--wait-max-seconds',
        '9',
        '--engine=exec',
        '--log-level',
        'debug',
        '--audit-log',
        '/a.jsonl',
        '--suppress-history',
        '0',
      ],
      {
        TMUX_MCP_SOCKET_PATH: '/x',
        TMUX_MCP_TMUX_BIN: '/y',
        TMUX_MCP_WAIT_MAX_SECONDS: '5',
        TMUX_MCP_ENGINE: 'control',
        TMUX_MCP_LOG_LEVEL: 'error',
        TMUX_MCP_AUDIT_LOG: '/b',
      },
    );
    expect(c).toMatchObject({
      socketPath: '/s',
      tmuxBin: '/t',
      waitMaxSeconds: 9,
      engine: 'exec',
      logLevel: 'debug',
      auditLog: '/a.jsonl',
      suppressHistory: false,
    });
    for (const flag of [
      '--safety',
      '--socket-name',
      '--socket-path',
      '--tmux-bin',
      '--wait-max-seconds',
      '--suppress-history',
      '--prompts-as-tools',
      '--engine',
      '--log-level',
      '--audit-log',
      '--plugin',
      '--help',
      '--version',
    ])
      expect(HELP_TEXT).toContain(flag);
    expect(HELP_TEXT).toContain('Run the tmux MCP server over stdio.');
  });

  it('an empty SUPPRESS_HISTORY is invalid, unlike other empty variables (docs/reference/configuration.md#empty-values)', () => {
    expect(() => cfg([], { TMUX_MCP_SUPPRESS_HISTORY: '' })).toThrow(ConfigError);
    expect(() => cfg([], { LIBTMUX_SUPPRESS_HISTORY: '' })).toThrow(ConfigError);
    expect(
      cfg([], { TMUX_MCP_SAFETY: '', TMUX_MCP_ENGINE: '', TMUX_MCP_LOG_LEVEL: '', TMUX_MCP_AUDIT_LOG: '', TMUX_MCP_TMUX_BIN: '' }),
    ).toMatchObject({
      safety: 'mutating',
      engine: 'control',
      logLevel: 'info',
      auditLog: null,
      tmuxBin: 'tmux',
      warnings: [],
    });
  });

  it('reads the wait ceiling as a decimal float like the reference (no hex, no Infinity)', () => {
    expect(cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: ' 5 ' }).waitMaxSeconds).toBe(5);
    expect(cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: '1e1' }).waitMaxSeconds).toBe(10);
    expect(cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: '.5' }).waitMaxSeconds).toBe(1);
    for (const bad of ['0x10', '0b11', 'Infinity', '1e999', 'nan', '5s'])
      expect({ bad, c: cfg([], { TMUX_MCP_WAIT_MAX_SECONDS: bad }) }).toMatchObject({
        bad,
        c: { waitMaxSeconds: 30, warnings: [expect.any(String)] },
      });
  });

  it('rejects unknown flags and missing values', () => {
    expect(() => parseArgs(['--bogus'])).toThrow(UsageError);
    expect(() => parseArgs(['--safety'])).toThrow(UsageError);
    expect(() => parseArgs(['stray'])).toThrow(UsageError);
    expect(() => parseArgs(['--help=1'])).toThrow(UsageError);
  });

  it('suggests the option a typo or a shortened name means (docs/reference/configuration.md#command-line)', () => {
    expect(nearestOption('safty')).toBe('safety');
    expect(nearestOption('socket')).toBe('socket-name');
    expect(nearestOption('socket_path')).toBe('socket-path');
    expect(nearestOption('timeout')).toBe('command-timeout');
    expect(nearestOption('log')).toBe('log-level');
    expect(nearestOption('plugins')).toBe('plugin');
    expect(nearestOption('frobnicate')).toBeNull();
    expect(nearestOption('ss')).toBeNull();
    expect(() => parseArgs(['--socket', 'x'])).toThrow('unknown option: --socket; did you mean --socket-name?');
  });
});
