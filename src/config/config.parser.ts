import { TIERS, Tier } from '../framework/metadata/tool-metadata';
import { safeRepr } from '../framework/validation/safe-repr';
import type { LogLevel } from '../framework/logging/logger.factory';
import type { EngineMode, ServerConfig } from './server-config';

/** A bad command line (exit code 2, docs/reference/configuration.md#exit-codes). */
export class UsageError extends Error {}
/** A configuration the server must refuse to start with (exit code 1). */
export class ConfigError extends Error {}

export interface ParsedArgs {
  help: boolean;
  version: boolean;
  flags: Map<string, string>;
  plugins: string[];
  /** `--host`, repeatable. */
  hosts: string[];
}

const VALUE_FLAGS = new Set([
  'safety',
  'socket-name',
  'socket-path',
  'tmux-bin',
  'wait-max-seconds',
  'suppress-history',
  'engine',
  'log-level',
  'audit-log',
  'plugin',
  'host',
  'ssh-config',
  'ssh-bin',
  'remote-tmux-bin',
  'ssh-connect-timeout',
]);
const BOOL_FLAGS = new Set(['help', 'version', 'prompts-as-tools']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const flags = new Map<string, string>();
  const plugins: string[] = [];
  const hosts: string[] = [];
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h') {
      help = true;
      continue;
    }
    if (!a.startsWith('--')) throw new UsageError(`unexpected argument: ${a}`);
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (BOOL_FLAGS.has(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      if (name === 'help') help = true;
      else if (name === 'version') version = true;
      else flags.set(name, '1');
      continue;
    }
    if (!VALUE_FLAGS.has(name)) throw new UsageError(`unknown option: --${name}`);
    let value: string | undefined;
    if (eq >= 0) value = a.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (name === 'plugin') plugins.push(value);
    else if (name === 'host') hosts.push(value);
    else flags.set(name, value);
  }
  return { help, version, flags, plugins, hosts };
}

const DECIMAL_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * `TMUX_MCP_<X>` wins over `LIBTMUX_<X>`; empty means unset
 * (docs/reference/configuration.md#precedence, docs/reference/configuration.md#empty-values).
 */
function envOf(env: NodeJS.ProcessEnv, name: string, alias?: string): string | undefined {
  const a = env[`TMUX_MCP_${name}`];
  if (a !== undefined && a !== '') return a;
  const b = alias ? env[`LIBTMUX_${alias}`] : undefined;
  if (b !== undefined && b !== '') return b;
  return undefined;
}

export function resolveConfig(args: ParsedArgs, env: NodeJS.ProcessEnv): ServerConfig {
  const warnings: string[] = [];
  const pick = (flag: string, name: string, alias?: string) => args.flags.get(flag) ?? envOf(env, name, alias ?? name);

  let safety: Tier = 'mutating';
  const s = pick('safety', 'SAFETY');
  if (s !== undefined) {
    if ((TIERS as readonly string[]).includes(s)) safety = s as Tier;
    else {
      // Fail closed (docs/reference/configuration.md#invalid-values): an unknown tier means the
      // least privilege.
      warnings.push('invalid safety level; falling back to readonly (values: readonly, mutating, destructive)');
      safety = 'readonly';
    }
  }

  let waitMaxSeconds = 30;
  const w = pick('wait-max-seconds', 'WAIT_MAX_SECONDS', 'MCP_WAIT_MAX_SECONDS');
  if (w !== undefined) {
    // A decimal number as Python's float() reads it (docs/reference/configuration.md#wait-ceiling);
    // JS Number() would also take hex, octal and binary literals ('0x10' → 16), which are not
    // numbers here.
    const n = DECIMAL_RE.test(w.trim()) ? Number(w.trim()) : NaN;
    if (!Number.isFinite(n)) warnings.push('invalid wait ceiling; using 30 seconds');
    else waitMaxSeconds = Math.min(120, Math.max(1, n));
  }

  // docs/reference/configuration.md#invalid-values: only unset/'0'/'1'; anything else aborts
  // start-up without echoing the value.
  let suppressHistory = true;
  const flagSh = args.flags.get('suppress-history');
  const envSh = env.TMUX_MCP_SUPPRESS_HISTORY ?? env.LIBTMUX_SUPPRESS_HISTORY;
  const sh = flagSh ?? envSh;
  if (sh !== undefined) {
    if (sh === '0') suppressHistory = false;
    else if (sh !== '1') throw new ConfigError("TMUX_MCP_SUPPRESS_HISTORY must be unset, '0', or '1'");
  }

  let promptsAsTools = false;
  const p = args.flags.get('prompts-as-tools') ?? envOf(env, 'PROMPTS_AS_TOOLS', 'MCP_PROMPTS_AS_TOOLS');
  if (p !== undefined) {
    if (p === '1') promptsAsTools = true;
    else if (p !== '0') warnings.push('invalid prompts-as-tools value; expected 1 or 0 (prompts stay prompts)');
  }

  let engine: EngineMode = 'control';
  const e = args.flags.get('engine') ?? envOf(env, 'ENGINE');
  if (e !== undefined) {
    if (e === 'control' || e === 'exec') engine = e;
    else warnings.push('invalid engine; expected control or exec (using control)');
  }

  let logLevel: LogLevel = 'info';
  const l = args.flags.get('log-level') ?? envOf(env, 'LOG_LEVEL');
  if (l !== undefined) {
    const ll = l.toLowerCase();
    if (ll === 'error' || ll === 'warn' || ll === 'info' || ll === 'debug') logLevel = ll;
    else if (ll === 'warning') logLevel = 'warn';
    else warnings.push('invalid log level; expected error, warn, info or debug (using info)');
  }

  const pluginsEnv = envOf(env, 'PLUGINS');
  const plugins = args.plugins.length
    ? args.plugins
    : (pluginsEnv ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

  const hosts = parseHosts(args.hosts.length ? args.hosts : (envOf(env, 'HOSTS') ?? '').split(','));

  let sshConnectTimeout = 10;
  const ct = pick('ssh-connect-timeout', 'SSH_CONNECT_TIMEOUT');
  if (ct !== undefined) {
    const n = DECIMAL_RE.test(ct.trim()) ? Number(ct.trim()) : NaN;
    if (!Number.isFinite(n)) warnings.push('invalid ssh connect timeout; using 10 seconds');
    // ssh takes whole seconds.
    else sshConnectTimeout = Math.min(120, Math.max(1, Math.ceil(n)));
  }

  const nz = (v: string | undefined) => (v === undefined || v === '' ? null : v);
  return {
    safety,
    socketName: nz(pick('socket-name', 'SOCKET')),
    socketPath: nz(pick('socket-path', 'SOCKET_PATH')),
    tmuxBin: pick('tmux-bin', 'TMUX_BIN') ?? 'tmux',
    waitMaxSeconds,
    suppressHistory,
    promptsAsTools,
    engine,
    logLevel,
    auditLog: nz(args.flags.get('audit-log') ?? envOf(env, 'AUDIT_LOG')),
    plugins,
    tmuxEnv: nz(env.TMUX),
    tmuxPane: nz(env.TMUX_PANE),
    tmuxTmpdir: nz(env.TMUX_TMPDIR),
    hosts,
    sshConfig: nz(pick('ssh-config', 'SSH_CONFIG')),
    sshBin: pick('ssh-bin', 'SSH_BIN') ?? 'ssh',
    remoteTmuxBin: pick('remote-tmux-bin', 'REMOTE_TMUX_BIN') ?? 'tmux',
    sshConnectTimeout,
    warnings,
  };
}

/** The name tools take for this machine (docs/reference/tools.md#host). */
export const LOCAL_HOST_NAME = 'local';

/**
 * The configured remote destinations (docs/reference/configuration.md#remote-hosts): blanks
 * dropped, duplicates once. A destination ssh could read as an option (a leading `-`) or that
 * holds whitespace or control characters fails the start: it would reach ssh's command line.
 */
function parseHosts(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of raw) {
    const h = entry.trim();
    if (!h) continue;
    if (h.startsWith('-') || /[\s\x00-\x1f\x7f]/.test(h))
      throw new ConfigError(
        `TMUX_MCP_HOSTS: ${safeRepr(h)} is not an ssh destination (it may not start with '-' or hold spaces or control characters)`,
      );
    if (h === LOCAL_HOST_NAME) throw new ConfigError(`TMUX_MCP_HOSTS: 'local' names this machine and cannot be a remote host`);
    if (!out.includes(h)) out.push(h);
  }
  return out;
}

export const HELP_TEXT = `Usage: tmux-mcp [options]

Run the tmux MCP server over stdio.

Options (each also settable by environment; a flag wins):
  --safety <tier>            readonly | mutating | destructive (TMUX_MCP_SAFETY, default mutating)
  --socket-name <name>       default tmux -L socket (TMUX_MCP_SOCKET)
  --socket-path <path>       default tmux -S socket path (TMUX_MCP_SOCKET_PATH)
  --tmux-bin <path>          tmux binary (TMUX_MCP_TMUX_BIN, default tmux)
  --wait-max-seconds <n>     ceiling for waits, 1..120 (TMUX_MCP_WAIT_MAX_SECONDS, default 30)
  --suppress-history <0|1>   run_command default suppress_history (TMUX_MCP_SUPPRESS_HISTORY, default 1)
  --prompts-as-tools         expose prompts as list_prompts/get_prompt tools (TMUX_MCP_PROMPTS_AS_TOOLS=1)
  --engine <control|exec>    tmux engine (TMUX_MCP_ENGINE, default control)
  --log-level <level>        error | warn | info | debug (TMUX_MCP_LOG_LEVEL, default info)
  --audit-log <file>         also write audit records as JSON lines (TMUX_MCP_AUDIT_LOG)
  --plugin <module>          load a plugin; repeatable (TMUX_MCP_PLUGINS, comma-separated)
  --host <destination>       a remote host tools may reach over ssh; repeatable (TMUX_MCP_HOSTS, comma-separated)
  --ssh-config <file>        ssh configuration file, passed as ssh -F (TMUX_MCP_SSH_CONFIG)
  --ssh-bin <path>           ssh binary (TMUX_MCP_SSH_BIN, default ssh)
  --remote-tmux-bin <path>   tmux on remote hosts (TMUX_MCP_REMOTE_TMUX_BIN, default tmux)
  --ssh-connect-timeout <n>  seconds to reach a host, 1..120 (TMUX_MCP_SSH_CONNECT_TIMEOUT, default 10)
  -h, --help                 show this help
  --version                  print the version

LIBTMUX_* names of libtmux-mcp are accepted as aliases (TMUX_MCP_* wins).
`;
