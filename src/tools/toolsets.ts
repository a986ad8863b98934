import { ConfigError } from '../config/config.parser';
import { safeRepr } from '../framework/validation/safe-repr';

/**
 * The toolsets (docs/reference/tools.md#toolsets): named groups of core tools a server lists,
 * picked with TMUX_MCP_TOOLSETS / --toolsets (docs/reference/configuration.md#toolsets).
 *
 * Plain data and pure functions of the configuration: nothing here loads a tool module, so the
 * start-up path can decide what to load before loading it. Each family's list is in registration
 * order (docs/reference/tools.md#catalog); test/unit/tools/toolsets.test.ts holds the lists to the
 * tool classes of each folder, so a tool added to a family without its name here fails there.
 */

/** The pane family's three parts, as src/tools/pane/{io,reading,lifecycle}-tools.ts split it. */
const PANE_IO = ['send_keys', 'send_keys_batch', 'run_command', 'clear_pane', 'display_message', 'paste_text'] as const;
const PANE_READING = ['capture_pane', 'capture_since', 'search_panes', 'wait_for_text', 'wait_for_idle', 'snapshot_pane'] as const;
const PANE_LIFECYCLE = [
  'resize_pane',
  'kill_pane',
  'respawn_pane',
  'set_pane_title',
  'get_pane_info',
  'find_pane_by_position',
  'select_pane',
  'swap_pane',
  'pipe_pane',
  'enter_copy_mode',
  'exit_copy_mode',
] as const;

/** Tool names of each family (the folders of src/tools), families in registration order. */
export const TOOL_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  batch: ['call_readonly_tools_batch', 'call_mutating_tools_batch', 'call_destructive_tools_batch'],
  server: ['list_hosts', 'list_servers', 'list_sessions', 'create_session', 'kill_server', 'get_server_info'],
  session: ['list_windows', 'get_session_info', 'create_window', 'rename_session', 'kill_session', 'select_window'],
  window: [
    'list_panes',
    'get_window_info',
    'split_window',
    'rename_window',
    'kill_window',
    'select_layout',
    'resize_window',
    'move_window',
  ],
  pane: [
    'send_keys',
    'send_keys_batch',
    'run_command',
    'capture_pane',
    'capture_since',
    'resize_pane',
    'kill_pane',
    'respawn_pane',
    'set_pane_title',
    'get_pane_info',
    'find_pane_by_position',
    'clear_pane',
    'search_panes',
    'wait_for_text',
    'wait_for_idle',
    'snapshot_pane',
    'select_pane',
    'swap_pane',
    'pipe_pane',
    'display_message',
    'enter_copy_mode',
    'exit_copy_mode',
    'paste_text',
  ],
  option: ['show_option', 'set_option'],
  env: ['show_environment', 'set_environment'],
  channel: ['wait_for_channel', 'signal_channel'],
  buffer: ['load_buffer', 'paste_buffer', 'show_buffer', 'delete_buffer'],
  hook: ['show_hooks', 'show_hook'],
};

/** `all`: every tool, plugin tools included. */
export const ALL_TOOLSET = 'all';

/**
 * Every named toolset and its tools, in the order `--check` and the docs show them: `core` (what an
 * agent needs most, for clients that send every tool every turn or cap the tool count), one set
 * per family, and the pane family's three parts.
 */
export const TOOLSETS: Readonly<Record<string, readonly string[]>> = {
  core: [
    'list_sessions',
    'create_session',
    'list_windows',
    'create_window',
    'list_panes',
    'split_window',
    'send_keys',
    'run_command',
    'capture_pane',
    'search_panes',
    'wait_for_text',
    'wait_for_idle',
    'snapshot_pane',
    'wait_for_channel',
  ],
  ...Object.fromEntries(
    Object.entries(TOOL_FAMILIES).flatMap(([family, names]) =>
      family === 'pane'
        ? [
            [family, names],
            ['pane_io', PANE_IO],
            ['pane_reading', PANE_READING],
            ['pane_lifecycle', PANE_LIFECYCLE],
          ]
        : [[family, names]],
    ),
  ),
};

/** The names a user may give, `all` first. */
export const TOOLSET_NAMES: readonly string[] = [ALL_TOOLSET, ...Object.keys(TOOLSETS)];

/** Every core tool name, in registration order. */
export const CATALOG_TOOL_NAMES: readonly string[] = Object.values(TOOL_FAMILIES).flat();

/** What `toolsets` selects (docs/reference/configuration.md#toolsets). */
export interface ToolsetsConfig {
  readonly toolsets: readonly string[];
  readonly sources?: Readonly<Record<string, string>>;
}

/**
 * The core tool names a configuration selects, in registration order. An unknown toolset name is
 * a start-up failure naming it and the known sets (docs/reference/configuration.md#toolsets).
 * Tools that are not core tools (plugins', prompts as tools) are not toolset members: they are
 * listed whatever the selection.
 */
export function selectedToolNames(config: ToolsetsConfig): readonly string[] {
  const unknown = config.toolsets.filter((n) => !TOOLSET_NAMES.includes(n));
  if (unknown.length) {
    const from = config.sources?.toolsets ?? 'toolsets';
    const names = unknown.map((n) => safeRepr(n)).join(', ');
    throw new ConfigError(`${from}: unknown toolset${unknown.length > 1 ? 's' : ''} ${names}; known toolsets: ${TOOLSET_NAMES.join(', ')}`);
  }
  if (config.toolsets.includes(ALL_TOOLSET)) return CATALOG_TOOL_NAMES;
  const picked = new Set(config.toolsets.flatMap((n) => TOOLSETS[n]));
  return CATALOG_TOOL_NAMES.filter((n) => picked.has(n));
}

/** The families (folders of src/tools) with at least one selected tool: the modules start-up needs. */
export function selectedFamilies(config: ToolsetsConfig): string[] {
  const selected = new Set(selectedToolNames(config));
  return Object.keys(TOOL_FAMILIES).filter((f) => TOOL_FAMILIES[f].some((n) => selected.has(n)));
}
