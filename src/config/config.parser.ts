import { UsageError } from './config-errors';
import type { ServerConfig } from './server-config';
import {
  CALLER_VARIABLES,
  defaultLiteral,
  SETTING_ENTRIES,
  type CallerEnvironment,
  type Setting,
  type SettingValues,
} from './settings.table';

export { ConfigError, UsageError } from './config-errors';

/**
 * Flags and environment to a ServerConfig, and `--help`, all from the one table of settings
 * (settings.table.ts).
 */

export interface ParsedArgs {
  help: boolean;
  version: boolean;
  /** `--check`: report the configuration and exit (docs/reference/configuration.md#check). */
  check?: boolean;
  /** The last value of each flag that takes one (`1` for a switch), by flag name. */
  flags: Map<string, string>;
  /** Every value of each repeatable flag (`--plugin`, `--host`), in order, by flag name. */
  repeated: Map<string, string[]>;
}

const ROWS = SETTING_ENTRIES.map(([, s]) => s);
/** The flags that take a value, in --help's order. */
const VALUE_FLAGS = new Set(ROWS.filter((s) => s.arg !== undefined).map((s) => s.flag));
/** The commands, then the switches (settings whose flag takes no value). */
const BOOL_FLAGS = new Set(['help', 'version', 'check', ...ROWS.filter((s) => s.arg === undefined).map((s) => s.flag)]);
const REPEATABLE = new Set(ROWS.filter((s) => s.list === 'repeatable').map((s) => s.flag));

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
  const repeated = new Map<string, string[]>();
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
    if (REPEATABLE.has(name)) repeated.set(name, [...(repeated.get(name) ?? []), value]);
    else flags.set(name, value);
  }
  return { help, version, check, flags, repeated };
}

/** Where a setting's value came from: a flag (`--safety`), a variable (`TMUX_MCP_SAFETY`, `LIBTMUX_SAFETY`), or `default`. */
export type SettingSource = string;

/** A list variable's (or comma-separated flag's) items: trimmed, blanks dropped. */
const items = (value: string): string[] =>
  value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * A setting's raw value and where it came from: the flag (any repeatable flag replaces the
 * variable's list), then its variables in order; an empty variable is unset
 * (docs/reference/configuration.md#precedence, docs/reference/configuration.md#empty-values).
 */
function read(args: ParsedArgs, env: NodeJS.ProcessEnv, s: Setting): { raw: string | string[] | undefined; from: SettingSource } {
  const given = s.list === 'repeatable' ? args.repeated.get(s.flag) : args.flags.get(s.flag);
  if (given !== undefined) return { raw: s.list === 'comma-separated' ? items(given as string) : given, from: `--${s.flag}` };
  for (const name of s.vars) {
    const v = env[name];
    if (v !== undefined && (v !== '' || s.emptyIsValue)) return { raw: s.list ? items(v) : v, from: name };
  }
  return { raw: undefined, from: 'default' };
}

/** A fresh copy of a default (a list must not be shared between configurations). */
const fresh = <T>(value: T): T => (Array.isArray(value) ? ([...value] as T) : value);

export function resolveConfig(args: ParsedArgs, env: NodeJS.ProcessEnv): ServerConfig {
  const warnings: string[] = [];
  const sources: Record<string, SettingSource> = {};
  const values: Record<string, unknown> = {};
  for (const [key, s] of SETTING_ENTRIES) {
    const { raw, from } = read(args, env, s);
    sources[key] = from;
    // Every warning names where the bad value came from (docs/reference/configuration.md#invalid-values).
    const at = { from, fallback: fresh(s.default), warn: (text: string) => void warnings.push(`${from}: ${text}`) };
    if (raw === undefined) values[key] = at.fallback;
    else values[key] = s.list ? s.parse(raw as string[], at) : s.parse(raw as string, at);
  }
  for (const [key, name] of Object.entries(CALLER_VARIABLES)) values[key] = env[name] || null;
  return { ...(values as SettingValues & CallerEnvironment), sources, warnings };
}

/** The column --help's texts start at. */
const HELP_COLUMN = 29;

/** One option of --help: the option, then its text from the column on (a `\n` goes on there). */
function helpLine(option: string, text: string): string {
  const head = `  ${option}`;
  const indented = text.replace(/\n/g, `\n${' '.repeat(HELP_COLUMN)}`);
  return `${head.length <= HELP_COLUMN - 2 ? head.padEnd(HELP_COLUMN) : `${head}  `}${indented}\n`;
}

/** A setting's --help line: `--flag <arg>  text (VARIABLE, default X)` (settings.table.ts says what is added). */
function settingHelp(s: Setting): string {
  const repeatable = s.list === 'repeatable';
  const literal = defaultLiteral(s);
  const note = [
    s.arg === undefined ? `${s.vars[0]}=1` : s.vars[0],
    ...(repeatable ? ['comma-separated'] : []),
    ...(literal !== undefined ? [`default ${literal}`] : []),
  ];
  const range = s.range ? `, ${s.range[0]}..${s.range[1]}` : '';
  return helpLine(
    `--${s.flag}${s.arg === undefined ? '' : ` ${s.arg}`}`,
    `${s.help}${repeatable ? '; repeatable' : ''}${range} (${note.join(', ')})`,
  );
}

export const HELP_TEXT = `Usage: tmux-mcp [options]

Run the tmux MCP server over stdio.

Options (each also settable by environment; a flag wins):
${ROWS.map(settingHelp).join('')}${helpLine('--check', 'print the configuration, tmux, hosts, plugins and tools, then exit\n(non-zero on any problem)')}${helpLine('-h, --help', 'show this help')}${helpLine('--version', 'print the version')}
LIBTMUX_* names of libtmux-mcp are accepted as aliases (TMUX_MCP_* wins).
`;
