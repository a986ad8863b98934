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
  /** `--check`: report the configuration and exit (docs/reference/configuration.md#check). */
  check?: boolean;
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
  'command-timeout',
  'toolsets',
]);
const BOOL_FLAGS = new Set(['help', 'version', 'check', 'prompts-as-tools']);

/** Edit distance (insertions, deletions, substitutions, adjacent swaps). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The known option nearest to a mistyped one, when it is near enough to be a typo, or the one a
 * shortened name is the start or end of (`--socket` → `--socket-name`, `--timeout` →
 * `--command-timeout`; the shortest, then the first in --help's order) (docs/reference/configuration.md#command-line).
 */
export function nearestOption(name: string): string | null {
  const known = [...VALUE_FLAGS, ...BOOL_FLAGS];
  const n = name.replace(/_/g, '-').toLowerCase();
  let best: string | null = null;
  let bestD = Infinity;
  for (const o of known) {
    const dd = distance(n, o);
    if (dd < bestD) [best, bestD] = [o, dd];
  }
  if (best !== null && bestD <= Math.max(1, Math.floor(best.length / 3))) return best;
  if (n.length < 3) return null;
  const parts = known.filter((o) => o.startsWith(`${n}-`) || o.endsWith(`-${n}`));
  return parts.reduce<string | null>((a, o) => (a === null || o.length < a.length ? o : a), null);
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const flags = new Map<string, string>();
  const plugins: string[] = [];
  const hosts: string[] = [];
  let help = false;
  let version = false;
  let check = false;
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
      else if (name === 'check') check = true;
      else flags.set(name, '1');
      continue;
    }
    if (!VALUE_FLAGS.has(name)) {
      const near = nearestOption(name);
      throw new UsageError(`unknown option: --${name}${near ? `; did you mean --${near}?` : ''}`);
    }
    let value: string | undefined;
    if (eq >= 0) value = a.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (name === 'plugin') plugins.push(value);
    else if (name === 'host') hosts.push(value);
    else flags.set(name, value);
  }
  return { help, version, check, flags, plugins, hosts };
}

const DECIMAL_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Where a setting's value came from: a flag (`--safety`), a variable (`TMUX_MCP_SAFETY`, `LIBTMUX_SAFETY`), or `default`. */
export type SettingSource = string;

interface Sourced {
  readonly value: string | undefined;
  readonly from: SettingSource;
}

/**
 * The flag, then `TMUX_MCP_<X>`, then `LIBTMUX_<alias>`; empty means unset
 * (docs/reference/configuration.md#precedence, docs/reference/configuration.md#empty-values).
 */
function lookup(args: ParsedArgs, env: NodeJS.ProcessEnv, flag: string, name: string, alias?: string): Sourced {
  const f = args.flags.get(flag);
  if (f !== undefined) return { value: f, from: `--${flag}` };
  const a = env[`TMUX_MCP_${name}`];
  if (a !== undefined && a !== '') return { value: a, from: `TMUX_MCP_${name}` };
  const b = alias ? env[`LIBTMUX_${alias}`] : undefined;
  if (b !== undefined && b !== '') return { value: b, from: `LIBTMUX_${alias}` };
  return { value: undefined, from: 'default' };
}

export function resolveConfig(args: ParsedArgs, env: NodeJS.ProcessEnv): ServerConfig {
  const warnings: string[] = [];
  const sources: Record<string, SettingSource> = {};
  const get = (key: string, flag: string, name: string, alias: string | null = name): Sourced => {
    const r = lookup(args, env, flag, name, alias ?? undefined);
    sources[key] = r.from;
    return r;
  };
  // Every warning names where the bad value came from (docs/reference/configuration.md#invalid-values).
  const warn = (from: SettingSource, text: string) => warnings.push(`${from}: ${text}`);

  let safety: Tier = 'mutating';
  const s = get('safety', 'safety', 'SAFETY');
  if (s.value !== undefined) {
    if ((TIERS as readonly string[]).includes(s.value)) safety = s.value as Tier;
    else {
      // Fail closed (docs/reference/configuration.md#invalid-values): an unknown tier means the
      // least privilege.
      warn(s.from, `invalid safety level ${safeRepr(s.value)}; falling back to readonly (values: readonly, mutating, destructive)`);
      safety = 'readonly';
    }
  }

  let waitMaxSeconds = 30;
  const w = get('waitMaxSeconds', 'wait-max-seconds', 'WAIT_MAX_SECONDS', 'MCP_WAIT_MAX_SECONDS');
  if (w.value !== undefined) {
    // A decimal number as Python's float() reads it (docs/reference/configuration.md#wait-ceiling);
    // JS Number() would also take hex, octal and binary literals ('0x10' → 16), which are not
    // numbers here.
    const n = DECIMAL_RE.test(w.value.trim()) ? Number(w.value.trim()) : NaN;
    if (!Number.isFinite(n)) warn(w.from, 'invalid wait ceiling; using 30 seconds');
    else waitMaxSeconds = Math.min(120, Math.max(1, n));
  }

  // docs/reference/configuration.md#invalid-values: only unset/'0'/'1'; anything else aborts
  // start-up without echoing the value. An empty TMUX_MCP_SUPPRESS_HISTORY is invalid too (it
  // does not fall back to the alias), as in libtmux-mcp.
  let suppressHistory = true;
  const flagSh = args.flags.get('suppress-history');
  const shFrom =
    flagSh !== undefined
      ? '--suppress-history'
      : env.TMUX_MCP_SUPPRESS_HISTORY !== undefined
        ? 'TMUX_MCP_SUPPRESS_HISTORY'
        : env.LIBTMUX_SUPPRESS_HISTORY !== undefined
          ? 'LIBTMUX_SUPPRESS_HISTORY'
          : 'default';
  sources.suppressHistory = shFrom;
  const sh = flagSh ?? env.TMUX_MCP_SUPPRESS_HISTORY ?? env.LIBTMUX_SUPPRESS_HISTORY;
  if (sh !== undefined) {
    if (sh === '0') suppressHistory = false;
    else if (sh !== '1') throw new ConfigError(`${shFrom} must be unset, '0', or '1'`);
  }

  let promptsAsTools = false;
  const p = get('promptsAsTools', 'prompts-as-tools', 'PROMPTS_AS_TOOLS', 'MCP_PROMPTS_AS_TOOLS');
  if (p.value !== undefined) {
    if (p.value === '1') promptsAsTools = true;
    else if (p.value !== '0') warn(p.from, 'invalid prompts-as-tools value; expected 1 or 0 (prompts stay prompts)');
  }

  let engine: EngineMode = 'control';
  const e = get('engine', 'engine', 'ENGINE', null);
  if (e.value !== undefined) {
    if (e.value === 'control' || e.value === 'exec') engine = e.value;
    else warn(e.from, 'invalid engine; expected control or exec (using control)');
  }

  let logLevel: LogLevel = 'info';
  const l = get('logLevel', 'log-level', 'LOG_LEVEL', null);
  if (l.value !== undefined) {
    const ll = l.value.toLowerCase();
    if (ll === 'error' || ll === 'warn' || ll === 'info' || ll === 'debug') logLevel = ll;
    else if (ll === 'warning') logLevel = 'warn';
    else warn(l.from, 'invalid log level; expected error, warn, info or debug (using info)');
  }

  const pluginsEnv = lookup(args, env, 'plugin', 'PLUGINS');
  sources.plugins = args.plugins.length ? '--plugin' : pluginsEnv.from;
  const plugins = args.plugins.length
    ? args.plugins
    : (pluginsEnv.value ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

  const hostsEnv = lookup(args, env, 'host', 'HOSTS');
  sources.hosts = args.hosts.length ? '--host' : hostsEnv.from;
  const hosts = parseHosts(args.hosts.length ? args.hosts : (hostsEnv.value ?? '').split(','), sources.hosts);

  let sshConnectTimeout = 10;
  const ct = get('sshConnectTimeout', 'ssh-connect-timeout', 'SSH_CONNECT_TIMEOUT', null);
  if (ct.value !== undefined) {
    const n = DECIMAL_RE.test(ct.value.trim()) ? Number(ct.value.trim()) : NaN;
    if (!Number.isFinite(n)) warn(ct.from, 'invalid ssh connect timeout; using 10 seconds');
    // ssh takes whole seconds.
    else sshConnectTimeout = Math.min(120, Math.max(1, Math.ceil(n)));
  }

  // The command deadline (docs/reference/configuration.md#command-deadline): every tmux or ssh
  // process and every call without a timeout of its own ends within it.
  let commandTimeout = 30;
  const cmdT = get('commandTimeout', 'command-timeout', 'COMMAND_TIMEOUT', null);
  if (cmdT.value !== undefined) {
    const n = DECIMAL_RE.test(cmdT.value.trim()) ? Number(cmdT.value.trim()) : NaN;
    if (!Number.isFinite(n) || n <= 0) warn(cmdT.from, 'invalid command timeout; using 30 seconds');
    else commandTimeout = Math.min(600, Math.max(1, n));
  }

  // Toolset names are checked against the table of src/tools/toolsets.ts by its
  // selectedToolNames, which the CLI and createServer call (docs/reference/configuration.md#toolsets):
  // config/ does not know the tools.
  const ts = get('toolsets', 'toolsets', 'TOOLSETS', null);
  const toolsetNames = [
    ...new Set(
      (ts.value ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  const toolsets = toolsetNames.length ? toolsetNames : ['all'];

  const nz = (v: string | undefined) => (v === undefined || v === '' ? null : v);
  return {
    safety,
    socketName: nz(get('socketName', 'socket-name', 'SOCKET').value),
    socketPath: nz(get('socketPath', 'socket-path', 'SOCKET_PATH').value),
    tmuxBin: get('tmuxBin', 'tmux-bin', 'TMUX_BIN').value ?? 'tmux',
    waitMaxSeconds,
    suppressHistory,
    promptsAsTools,
    engine,
    logLevel,
    auditLog: nz(get('auditLog', 'audit-log', 'AUDIT_LOG', null).value),
    plugins,
    tmuxEnv: nz(env.TMUX),
    tmuxPane: nz(env.TMUX_PANE),
    tmuxTmpdir: nz(env.TMUX_TMPDIR),
    hosts,
    sshConfig: nz(get('sshConfig', 'ssh-config', 'SSH_CONFIG', null).value),
    sshBin: get('sshBin', 'ssh-bin', 'SSH_BIN', null).value ?? 'ssh',
    remoteTmuxBin: get('remoteTmuxBin', 'remote-tmux-bin', 'REMOTE_TMUX_BIN', null).value ?? 'tmux',
    sshConnectTimeout,
    commandTimeout,
    toolsets,
    sources,
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
function parseHosts(raw: readonly string[], from: SettingSource): string[] {
  const out: string[] = [];
  for (const entry of raw) {
    const h = entry.trim();
    if (!h) continue;
    if (h.startsWith('-') || /[\s\x00-\x1f\x7f]/.test(h))
      throw new ConfigError(
        `${from}: ${safeRepr(h)} is not an ssh destination (it may not start with '-' or hold spaces or control characters)`,
      );
    if (h === LOCAL_HOST_NAME) throw new ConfigError(`${from}: 'local' names this machine and cannot be a remote host`);
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
  --command-timeout <n>      seconds any tmux command may take, 1..600 (TMUX_MCP_COMMAND_TIMEOUT, default 30)
  --toolsets <names>         tool groups to list, comma-separated: all, core or a tool family; --check
                             lists them with their token cost (TMUX_MCP_TOOLSETS, default all)
  --check                    print the configuration, tmux, hosts, plugins and tools, then exit
                             (non-zero on any problem)
  -h, --help                 show this help
  --version                  print the version

LIBTMUX_* names of libtmux-mcp are accepted as aliases (TMUX_MCP_* wins).
`;
