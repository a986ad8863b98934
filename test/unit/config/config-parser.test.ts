import { ConfigError, parseArgs, resolveConfig, UsageError } from '../../../src/config/config.parser';

const cfg = (argv: string[], env: NodeJS.ProcessEnv = {}) => resolveConfig(parseArgs(argv), env);

describe('configuration (SPEC §4, B2, C16)', () => {
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
    expect(c.warnings[0]).toMatch(/readonly/);
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

  it('rejects unknown flags and missing values', () => {
    expect(() => parseArgs(['--bogus'])).toThrow(UsageError);
    expect(() => parseArgs(['--safety'])).toThrow(UsageError);
    expect(() => parseArgs(['stray'])).toThrow(UsageError);
    expect(() => parseArgs(['--help=1'])).toThrow(UsageError);
  });
});
