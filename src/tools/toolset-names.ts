import { ConfigError } from '../config/config.parser';
import { safeRepr } from '../framework/validation/safe-repr';

/**
 * The names of the toolsets (docs/reference/tools.md#toolsets), and nothing that needs a tool
 * module: the start-up path checks the configured names before any tool loads. Which tools each
 * set holds is derived from the tool classes in toolsets.ts.
 */

/** `all`: every tool, plugin tools included. */
export const ALL_TOOLSET = 'all';

/** The tool families (the folders of src/tools, each with an index.ts), in registration order. */
export const FAMILY_NAMES = ['batch', 'server', 'session', 'window', 'pane', 'option', 'env', 'channel', 'buffer', 'hook'] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

/** The pane family's parts: its sub-folders, each also a toolset `pane_<part>`. */
export const PANE_PARTS = ['io', 'reading', 'lifecycle'] as const;
export type PanePart = (typeof PANE_PARTS)[number];

/**
 * The `core` toolset: what an agent needs most, for clients that send every tool every turn or
 * cap the tool count (docs/reference/tools.md#toolsets).
 */
export const CORE_TOOLSET: readonly string[] = [
  'list_sessions',
  'create_session',
  'list_windows',
  'create_window',
  'list_panes',
  'split_window',
  'send_keys',
  'run_command',
  'wait_for_run',
  'capture_pane',
  'search_panes',
  'wait_for_text',
  'wait_for_idle',
  'snapshot_pane',
  'wait_for_channel',
];

/** Every toolset name, in the order `--check` and the docs show them. */
const SET_NAMES: readonly string[] = [
  'core',
  ...FAMILY_NAMES.flatMap((f) => (f === 'pane' ? [f, ...PANE_PARTS.map((p) => `pane_${p}`)] : [f])),
];

/** The names a user may give, `all` first. */
export const TOOLSET_NAMES: readonly string[] = [ALL_TOOLSET, ...SET_NAMES];

/** What `toolsets` selects (docs/reference/configuration.md#toolsets). */
export interface ToolsetsConfig {
  readonly toolsets: readonly string[];
  readonly sources?: Readonly<Record<string, string>>;
}

/** An unknown toolset name is a start-up failure naming it and the known sets (docs/reference/configuration.md#toolsets). */
export function checkToolsetNames(config: ToolsetsConfig): void {
  const unknown = config.toolsets.filter((n) => !TOOLSET_NAMES.includes(n));
  if (!unknown.length) return;
  const from = config.sources?.toolsets ?? 'toolsets';
  const names = unknown.map((n) => safeRepr(n)).join(', ');
  throw new ConfigError(`${from}: unknown toolset${unknown.length > 1 ? 's' : ''} ${names}; known toolsets: ${TOOLSET_NAMES.join(', ')}`);
}
