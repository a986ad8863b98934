/**
 * The tool catalog of docs/reference/tools.md#catalog, in table order:
 * [name, tier, readOnly, destructive, idempotent, openWorld, title, notes].
 * A note `feature hosts` marks a tool listed only when its feature is on
 * (docs/reference/protocol.md#features).
 */
export const CATALOG_TOOLS: [string, 'readonly' | 'mutating' | 'destructive', boolean, boolean, boolean, boolean, string, string][] = [
  ['call_readonly_tools_batch', 'readonly', true, false, true, false, 'Call Readonly Tools Batch', 'no socket_name'],
  ['call_mutating_tools_batch', 'mutating', false, true, false, true, 'Call Mutating Tools Batch', 'no socket_name'],
  ['call_destructive_tools_batch', 'destructive', false, true, false, true, 'Call Destructive Tools Batch', 'no socket_name'],
  ['list_hosts', 'readonly', true, false, true, false, 'List Hosts', 'no socket_name, feature hosts'],
  ['list_servers', 'readonly', true, false, true, false, 'List tmux Servers', 'no socket_name'],
  ['list_sessions', 'readonly', true, false, true, false, 'List tmux Sessions', ''],
  ['create_session', 'mutating', false, false, false, false, 'Create tmux Session', ''],
  ['kill_server', 'destructive', false, true, false, false, 'Kill tmux Server', 'self-kill guard'],
  ['get_server_info', 'readonly', true, false, true, false, 'Get tmux Server Info', ''],
  ['list_windows', 'readonly', true, false, true, false, 'List tmux Windows', 'AL'],
  ['get_session_info', 'readonly', true, false, true, false, 'Get tmux Session Info', ''],
  ['create_window', 'mutating', false, false, false, false, 'Create tmux Window', ''],
  ['rename_session', 'mutating', false, false, true, false, 'Rename tmux Session', ''],
  ['kill_session', 'destructive', false, true, false, false, 'Kill tmux Session', 'self-kill guard'],
  ['select_window', 'mutating', false, false, true, false, 'Select tmux Window', ''],
  ['list_panes', 'readonly', true, false, true, false, 'List tmux Panes', 'AL'],
  ['get_window_info', 'readonly', true, false, true, false, 'Get tmux Window Info', ''],
  ['split_window', 'mutating', false, false, false, false, 'Split tmux Window', ''],
  ['rename_window', 'mutating', false, false, true, false, 'Rename tmux Window', ''],
  ['kill_window', 'destructive', false, true, false, false, 'Kill tmux Window', 'self-kill guard'],
  ['select_layout', 'mutating', false, false, true, false, 'Select tmux Layout', ''],
  ['resize_window', 'mutating', false, false, true, false, 'Resize tmux Window', ''],
  ['move_window', 'mutating', false, false, true, false, 'Move tmux Window', ''],
  ['send_keys', 'mutating', false, false, false, true, 'Send Keys', ''],
  ['send_keys_batch', 'mutating', false, false, false, true, 'Send Keys Batch', ''],
  ['run_command', 'mutating', false, false, false, true, 'Run Command', 'SB'],
  ['capture_pane', 'readonly', true, false, true, false, 'Capture Pane', 'response-limited'],
  ['capture_since', 'readonly', true, false, true, false, 'Capture Since', 'response-limited'],
  ['resize_pane', 'mutating', false, false, true, false, 'Resize Pane', ''],
  ['kill_pane', 'destructive', false, true, false, false, 'Kill Pane', 'self-kill guard'],
  ['respawn_pane', 'mutating', false, true, false, false, 'Respawn Pane', 'self-kill guard'],
  ['set_pane_title', 'mutating', false, false, true, false, 'Set Pane Title', ''],
  ['get_pane_info', 'readonly', true, false, true, false, 'Get Pane Info', ''],
  ['find_pane_by_position', 'readonly', true, false, true, false, 'Find Pane By Position', ''],
  ['clear_pane', 'mutating', false, true, false, false, 'Clear Pane', ''],
  ['search_panes', 'readonly', true, false, true, false, 'Search Panes', 'response-limited'],
  ['wait_for_text', 'readonly', true, false, true, false, 'Wait For Text', 'SB, progress'],
  ['wait_for_idle', 'readonly', true, false, true, false, 'Wait For Idle', 'SB, progress'],
  ['snapshot_pane', 'readonly', true, false, true, false, 'Snapshot Pane', 'AL, response-limited'],
  ['select_pane', 'mutating', false, false, true, false, 'Select Pane', ''],
  ['swap_pane', 'mutating', false, false, false, false, 'Swap Pane', ''],
  ['pipe_pane', 'mutating', false, false, false, true, 'Pipe Pane', ''],
  ['display_message', 'readonly', true, false, true, false, 'Evaluate tmux Format String', ''],
  ['enter_copy_mode', 'mutating', false, false, false, false, 'Enter Copy Mode', ''],
  ['exit_copy_mode', 'mutating', false, false, true, false, 'Exit Copy Mode', ''],
  ['paste_text', 'mutating', false, false, false, true, 'Paste Text', ''],
  ['show_option', 'readonly', true, false, true, false, 'Show tmux Option', ''],
  ['set_option', 'mutating', false, false, true, false, 'Set tmux Option', ''],
  ['show_environment', 'readonly', true, false, true, false, 'Show tmux Environment', ''],
  ['set_environment', 'mutating', false, false, true, false, 'Set tmux Environment', ''],
  ['wait_for_channel', 'mutating', false, false, true, false, 'Wait For tmux Channel', 'SB'],
  ['signal_channel', 'mutating', false, false, true, false, 'Signal tmux Channel', ''],
  ['load_buffer', 'mutating', false, false, false, true, 'Load tmux Buffer', ''],
  ['paste_buffer', 'mutating', false, false, false, true, 'Paste tmux Buffer', ''],
  ['show_buffer', 'readonly', true, false, true, false, 'Show tmux Buffer', 'response-limited'],
  ['delete_buffer', 'mutating', false, false, true, false, 'Delete tmux Buffer', ''],
  ['show_hooks', 'readonly', true, false, true, false, 'Show tmux Hooks', ''],
  ['show_hook', 'readonly', true, false, true, false, 'Show tmux Hook', ''],
];

type Tier = 'readonly' | 'mutating' | 'destructive';
const RANK: Record<Tier, number> = { readonly: 0, mutating: 1, destructive: 2 };

/** The feature a catalog tool needs, if any (docs/reference/protocol.md#features). */
export const featureOf = (notes: string): string | undefined => /\bfeature (\w+)/.exec(notes)?.[1];

/**
 * The catalog names a server lists at `tier` with `features` on, in registration order
 * (`hosts` is on when remote hosts are configured).
 */
export function catalogNames(tier: Tier, features: readonly string[] = []): string[] {
  return CATALOG_TOOLS.filter((t) => RANK[t[1]] <= RANK[tier])
    .filter((t) => {
      const f = featureOf(t[7]);
      return f === undefined || features.includes(f);
    })
    .map((t) => t[0]);
}
