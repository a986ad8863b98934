import type { LogLevel } from '../framework/logging/logger.factory';
import { TIERS, type Tier } from '../framework/metadata/tool-metadata';
import { CONFIRM_MODES, type ConfirmMode } from '../framework/confirm/confirm';
import { safeRepr } from '../framework/validation/safe-repr';
import { ConfigError } from './config-errors';

/**
 * The settings (docs/reference/configuration.md#settings), each written once, here: its flag, its
 * environment variables, how a value is read, its default and range, its `--help` line and its
 * `--check` row. From this table config.parser.ts reads flags and environment and writes `--help`,
 * ServerConfig takes its field types (server-config.ts), `--check` lists the settings
 * (cli/run-check.ts), and test/unit/config/settings-table.test.ts holds the README's and the
 * reference's tables to it (docs/architecture.md#settings). Adding a setting is adding a row
 * (CONTRIBUTING.md#adding-a-setting).
 */

/** Where a value came from, and what a parse rule may do with a bad one. */
export interface ValueSource<T> {
  /** `--safety`, `TMUX_MCP_SAFETY` or `LIBTMUX_SAFETY`: every warning and error names it (docs/reference/configuration.md#invalid-values). */
  readonly from: string;
  /** Reports an invalid value the setting falls back from: a warning logged at start, a problem for `--check`. */
  warn(text: string): void;
  /** The default (a fresh copy). */
  readonly fallback: T;
}

interface SettingFacts<T> {
  /** The flag, without `--`. */
  readonly flag: string;
  /** What the flag takes, as `--help` writes it (`<tier>`); none: a switch, which takes no value and means `1`. */
  readonly arg?: string;
  /** The environment variables, the first set one wins: `TMUX_MCP_*`, then libtmux-mcp's `LIBTMUX_*` name where it has one. */
  readonly vars: readonly string[];
  readonly default: T;
  /** The default in words, where it is no value one could write (the README's default column). */
  readonly defaultWords?: string;
  /** An empty variable is a value, not unset (suppress history only, as in libtmux-mcp; docs/reference/configuration.md#empty-values). */
  readonly emptyIsValue?: true;
  /** Numbers: values are clamped to `[min, max]` (`--help` says `min..max`, the README `min–max`). */
  readonly range?: readonly [min: number, max: number];
  /**
   * `--help`'s text. Added after it: `; repeatable` for a repeatable flag, the range, then in
   * parentheses the variable (`=1` for a switch), `comma-separated` for a repeatable flag's
   * variable and the default. A `\n` continues it on the next line.
   */
  readonly help: string;
  /** `--check`'s label. */
  readonly check: string;
  /** The value as `--check` shows it; none: as it is. */
  show?(value: T): string;
}

/** A setting of one value. */
export interface ScalarSetting<T> extends SettingFacts<T> {
  readonly list?: undefined;
  /** A value from a flag or a variable, as the setting holds it; or a warning and a fallback, or a ConfigError. */
  parse(raw: string, at: ValueSource<T>): T;
}

/**
 * A setting that is a list. A variable is split at commas, each item trimmed and blanks dropped;
 * a `repeatable` flag gives one item each time, as written, and any such flag replaces the
 * variable's list (docs/reference/configuration.md#precedence); a `comma-separated` flag is split
 * like the variable.
 */
export interface ListSetting<T> extends SettingFacts<T> {
  readonly list: 'repeatable' | 'comma-separated';
  parse(items: string[], at: ValueSource<T>): T;
}

export type Setting<T = unknown> = ScalarSetting<T> | ListSetting<T>;

const scalar = <T>(s: ScalarSetting<T>): ScalarSetting<T> => s;
const list = <T>(s: ListSetting<T>): ListSetting<T> => s;

export const ENGINE_MODES = ['control', 'exec'] as const;
export type EngineMode = (typeof ENGINE_MODES)[number];
const LOG_LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

/** The name tools take for this machine (docs/reference/tools.md#host). */
export const LOCAL_HOST_NAME = 'local';

/** `a, b or c`. */
const either = (words: readonly string[]): string => `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
/** A text as given (a flag may give an empty one). */
const text = (raw: string): string => raw;
/** A text, or null for none (`--audit-log=`). */
const textOrNull = (raw: string): string | null => (raw === '' ? null : raw);
const orDash = (v: string | null): string => v ?? '—';
const listed = (v: readonly string[]): string => (v.length ? v.join(', ') : '—');

const DECIMAL_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A number of seconds: a decimal number as Python's float() reads it
 * (docs/reference/configuration.md#wait-ceiling; JS Number() would also take hex, octal and binary
 * literals, '0x10' → 16, which are not numbers here), clamped to the range; anything else falls
 * back to the default with the warning `invalid <what>; using <default> seconds`. `whole`: rounded
 * up first (ssh takes whole seconds); `positive`: 0 and below are invalid, not clamped.
 */
function seconds(
  what: string,
  fallback: number,
  range: readonly [number, number],
  rule: { whole?: true; positive?: true } = {},
): Pick<ScalarSetting<number>, 'default' | 'range' | 'show' | 'parse'> {
  return {
    default: fallback,
    range,
    show: (v) => `${v} s`,
    parse(raw, at) {
      const n = DECIMAL_RE.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n) || (rule.positive && n <= 0)) {
        at.warn(`invalid ${what}; using ${at.fallback} seconds`);
        return at.fallback;
      }
      return Math.min(range[1], Math.max(range[0], rule.whole ? Math.ceil(n) : n));
    },
  };
}

/**
 * The configured remote destinations (docs/reference/configuration.md#remote-hosts): blanks
 * dropped, duplicates once. A destination ssh could read as an option (a leading `-`) or that
 * holds whitespace or control characters fails the start: it would reach ssh's command line.
 */
function parseHosts(raw: readonly string[], at: ValueSource<string[]>): string[] {
  const out: string[] = [];
  for (const entry of raw) {
    const h = entry.trim();
    if (!h) continue;
    if (h.startsWith('-') || /[\s\x00-\x1f\x7f]/.test(h))
      throw new ConfigError(
        `${at.from}: ${safeRepr(h)} is not an ssh destination (it may not start with '-' or hold spaces or control characters)`,
      );
    if (h === LOCAL_HOST_NAME) throw new ConfigError(`${at.from}: 'local' names this machine and cannot be a remote host`);
    if (!out.includes(h)) out.push(h);
  }
  return out;
}

/** The settings, in `--help`'s and `--check`'s order. */
export const SETTINGS = {
  /** The highest tier of tools exposed (docs/reference/configuration.md#safety). */
  safety: scalar<Tier>({
    flag: 'safety',
    arg: '<tier>',
    vars: ['TMUX_MCP_SAFETY', 'LIBTMUX_SAFETY'],
    default: 'mutating',
    help: TIERS.join(' | '),
    check: 'safety (tier)',
    parse(raw, at) {
      if ((TIERS as readonly string[]).includes(raw)) return raw as Tier;
      // Fail closed (docs/reference/configuration.md#invalid-values): an unknown tier means the
      // least privilege.
      at.warn(`invalid safety level ${safeRepr(raw)}; falling back to readonly (values: ${TIERS.join(', ')})`);
      return 'readonly';
    },
  }),
  /** The default server's `-L` name; null: tmux's default (docs/reference/configuration.md#socket-name). */
  socketName: scalar<string | null>({
    flag: 'socket-name',
    arg: '<name>',
    vars: ['TMUX_MCP_SOCKET', 'LIBTMUX_SOCKET'],
    default: null,
    defaultWords: 'tmux default',
    help: 'default tmux -L socket',
    check: 'socket name',
    show: (v) => v ?? "(tmux's default)",
    parse: textOrNull,
  }),
  /** The default server's `-S` path, or null (docs/reference/configuration.md#socket-path). */
  socketPath: scalar<string | null>({
    flag: 'socket-path',
    arg: '<path>',
    vars: ['TMUX_MCP_SOCKET_PATH', 'LIBTMUX_SOCKET_PATH'],
    default: null,
    help: 'default tmux -S socket path',
    check: 'socket path',
    show: orDash,
    parse: textOrNull,
  }),
  /** The tmux binary (docs/reference/configuration.md#tmux-binary). */
  tmuxBin: scalar<string>({
    flag: 'tmux-bin',
    arg: '<path>',
    vars: ['TMUX_MCP_TMUX_BIN', 'LIBTMUX_TMUX_BIN'],
    default: 'tmux',
    help: 'tmux binary',
    check: 'tmux binary',
    parse: text,
  }),
  /** Wait ceiling in seconds (docs/reference/configuration.md#wait-ceiling). */
  waitMaxSeconds: scalar<number>({
    flag: 'wait-max-seconds',
    arg: '<n>',
    vars: ['TMUX_MCP_WAIT_MAX_SECONDS', 'LIBTMUX_MCP_WAIT_MAX_SECONDS'],
    help: 'ceiling for waits',
    check: 'wait ceiling',
    ...seconds('wait ceiling', 30, [1, 120]),
  }),
  /** run_command's default `suppress_history` (docs/reference/configuration.md#suppress-history). */
  suppressHistory: scalar<boolean>({
    flag: 'suppress-history',
    arg: '<0|1>',
    vars: ['TMUX_MCP_SUPPRESS_HISTORY', 'LIBTMUX_SUPPRESS_HISTORY'],
    default: true,
    emptyIsValue: true,
    help: 'run_command default suppress_history',
    check: 'suppress history',
    show: (v) => (v ? '1' : '0'),
    // docs/reference/configuration.md#invalid-values: only '0' or '1'; anything else aborts
    // start-up without echoing the value.
    parse(raw, at) {
      if (raw === '0' || raw === '1') return raw === '1';
      throw new ConfigError(`${at.from} must be unset, '0', or '1'`);
    },
  }),
  /** Prompts also as list_prompts/get_prompt tools (docs/reference/resources-and-prompts.md#prompts-as-tools). */
  promptsAsTools: scalar<boolean>({
    flag: 'prompts-as-tools',
    vars: ['TMUX_MCP_PROMPTS_AS_TOOLS', 'LIBTMUX_MCP_PROMPTS_AS_TOOLS'],
    default: false,
    defaultWords: 'off',
    help: 'expose prompts as list_prompts/get_prompt tools',
    check: 'prompts as tools',
    show: (v) => (v ? 'on' : 'off'),
    parse(raw, at) {
      if (raw === '0' || raw === '1') return raw === '1';
      at.warn('invalid prompts-as-tools value; expected 1 or 0 (prompts stay prompts)');
      return at.fallback;
    },
  }),
  /** The tmux engine (docs/reference/configuration.md#engine). */
  engine: scalar<EngineMode>({
    flag: 'engine',
    arg: `<${ENGINE_MODES.join('|')}>`,
    vars: ['TMUX_MCP_ENGINE'],
    default: 'control',
    help: 'tmux engine',
    check: 'engine',
    parse(raw, at) {
      if ((ENGINE_MODES as readonly string[]).includes(raw)) return raw as EngineMode;
      at.warn(`invalid engine; expected ${either(ENGINE_MODES)} (using ${at.fallback})`);
      return at.fallback;
    },
  }),
  /** The stderr log threshold (docs/reference/configuration.md#log-level). */
  logLevel: scalar<LogLevel>({
    flag: 'log-level',
    arg: '<level>',
    vars: ['TMUX_MCP_LOG_LEVEL'],
    default: 'info',
    help: LOG_LEVELS.join(' | '),
    check: 'log level',
    parse(raw, at) {
      const level = raw.toLowerCase() === 'warning' ? 'warn' : raw.toLowerCase();
      if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
      at.warn(`invalid log level; expected ${either(LOG_LEVELS)} (using ${at.fallback})`);
      return at.fallback;
    },
  }),
  /** A file audit records are also appended to, or null (docs/reference/configuration.md#audit-log). */
  auditLog: scalar<string | null>({
    flag: 'audit-log',
    arg: '<file>',
    vars: ['TMUX_MCP_AUDIT_LOG'],
    default: null,
    help: 'also write audit records as JSON lines',
    check: 'audit log',
    show: orDash,
    parse: textOrNull,
  }),
  /** Plugin specifiers, loaded in order (docs/reference/configuration.md#plugin-list). */
  plugins: list<string[]>({
    flag: 'plugin',
    arg: '<module>',
    list: 'repeatable',
    vars: ['TMUX_MCP_PLUGINS'],
    default: [],
    help: 'load a plugin',
    check: 'plugins',
    show: listed,
    parse: (items) => items,
  }),
  /** Remote ssh destinations the server may reach (docs/reference/configuration.md#remote-hosts). */
  hosts: list<string[]>({
    flag: 'host',
    arg: '<destination>',
    list: 'repeatable',
    vars: ['TMUX_MCP_HOSTS'],
    default: [],
    help: 'a remote host tools may reach over ssh',
    check: 'remote hosts',
    show: listed,
    parse: parseHosts,
  }),
  /** A file for `ssh -F`; null: the user's ssh configuration. */
  sshConfig: scalar<string | null>({
    flag: 'ssh-config',
    arg: '<file>',
    vars: ['TMUX_MCP_SSH_CONFIG'],
    default: null,
    defaultWords: 'your ssh config',
    help: 'ssh configuration file, passed as ssh -F',
    check: 'ssh config',
    show: (v) => v ?? "(the user's)",
    parse: textOrNull,
  }),
  /** The OpenSSH client. */
  sshBin: scalar<string>({
    flag: 'ssh-bin',
    arg: '<path>',
    vars: ['TMUX_MCP_SSH_BIN'],
    default: 'ssh',
    help: 'ssh binary',
    check: 'ssh binary',
    parse: text,
  }),
  /** tmux on remote hosts (found by the remote shell's PATH unless a path). */
  remoteTmuxBin: scalar<string>({
    flag: 'remote-tmux-bin',
    arg: '<path>',
    vars: ['TMUX_MCP_REMOTE_TMUX_BIN'],
    default: 'tmux',
    help: 'tmux on remote hosts',
    check: 'remote tmux binary',
    parse: text,
  }),
  /** ssh's ConnectTimeout in whole seconds. */
  sshConnectTimeout: scalar<number>({
    flag: 'ssh-connect-timeout',
    arg: '<n>',
    vars: ['TMUX_MCP_SSH_CONNECT_TIMEOUT'],
    help: 'seconds to reach a host',
    check: 'ssh connect timeout',
    ...seconds('ssh connect timeout', 10, [1, 120], { whole: true }),
  }),
  /**
   * The command deadline in seconds (docs/reference/configuration.md#command-deadline): a tmux or
   * ssh process, and a call without a timeout of its own, that has not answered by then fails
   * with `tmux did not answer within N s`.
   */
  commandTimeout: scalar<number>({
    flag: 'command-timeout',
    arg: '<n>',
    vars: ['TMUX_MCP_COMMAND_TIMEOUT'],
    help: 'seconds any tmux command may take',
    check: 'command deadline',
    ...seconds('command timeout', 30, [1, 600], { positive: true }),
  }),
  /**
   * The toolsets whose tools are listed (docs/reference/configuration.md#toolsets): names as given,
   * repeats dropped, `['all']` when none. Checked against the toolset names by src/tools/toolset-names.ts
   * checkToolsetNames, which the CLI and createServer call: config/ does not know the tools.
   */
  toolsets: list<string[]>({
    flag: 'toolsets',
    arg: '<names>',
    list: 'comma-separated',
    vars: ['TMUX_MCP_TOOLSETS'],
    default: ['all'],
    help: 'tool groups to list, comma-separated: all, core or a tool family; --check\nlists them with their token cost',
    check: 'toolsets',
    show: (v) => v.join(', '),
    parse(items, at) {
      const names = [...new Set(items)];
      return names.length ? names : at.fallback;
    },
  }),
  /** Which calls ask the user first, through MCP elicitation (docs/reference/safety.md#confirmation). */
  confirm: scalar<ConfirmMode>({
    flag: 'confirm',
    arg: '<mode>',
    vars: ['TMUX_MCP_CONFIRM'],
    default: 'off',
    help: `${CONFIRM_MODES.join(' | ')}: which calls ask the user first`,
    check: 'confirm',
    parse(raw, at) {
      if ((CONFIRM_MODES as readonly string[]).includes(raw)) return raw as ConfirmMode;
      // Fail closed: a mistyped mode asks before every call that changes anything.
      at.warn(`invalid confirm mode ${safeRepr(raw)}; falling back to mutating (values: ${CONFIRM_MODES.join(', ')})`);
      return 'mutating';
    },
  }),
  /** How long a confirmation question waits for the user (docs/reference/safety.md#confirmation). */
  confirmTimeout: scalar<number>({
    flag: 'confirm-timeout',
    arg: '<n>',
    vars: ['TMUX_MCP_CONFIRM_TIMEOUT'],
    help: 'seconds the user has to answer',
    check: 'confirm timeout',
    ...seconds('confirm timeout', 120, [1, 3600], { positive: true }),
  }),
};

export type SettingKey = keyof typeof SETTINGS;
/** Each setting's value, by ServerConfig key. */
export type SettingValues = { -readonly [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K]['default'] };

/** The settings with their ServerConfig keys, in the table's order. */
export const SETTING_ENTRIES = Object.entries(SETTINGS) as [SettingKey, Setting][];

/**
 * Read from the environment only, with no flag (docs/reference/configuration.md#caller-environment):
 * who the caller is, and where tmux keeps its sockets. Unset or empty: null.
 */
export const CALLER_VARIABLES = {
  /** The caller's `$TMUX` (its server and session), for caller identity. */
  tmuxEnv: 'TMUX',
  /** The caller's `$TMUX_PANE`. */
  tmuxPane: 'TMUX_PANE',
  /** `TMUX_TMPDIR`, where tmux keeps its sockets. */
  tmuxTmpdir: 'TMUX_TMPDIR',
} as const;
export type CallerEnvironment = { -readonly [K in keyof typeof CALLER_VARIABLES]: string | null };

/**
 * The default as a flag or variable would write it (`mutating`, `30`, `1`, `all`): `--help`'s
 * `default X` and the README's default column. None where the default is no value (null, an
 * empty list, a switch that is off) or is given in words.
 */
export function defaultLiteral(s: Setting): string | undefined {
  const d = s.default;
  if (s.defaultWords !== undefined || d === null) return undefined;
  if (Array.isArray(d)) return d.length ? d.join(',') : undefined;
  if (typeof d === 'boolean') return d ? '1' : '0';
  return typeof d === 'string' || typeof d === 'number' ? String(d) : undefined;
}

/** A setting's value as `--check` shows it. */
export function shownValue(s: Setting, value: unknown): string {
  return s.show ? s.show(value) : String(value);
}
