import { basename } from 'node:path';
import type { Tier } from '../framework/metadata/tool-metadata';

/** MCP instructions budget (docs/reference/protocol.md#instructions-budget): the whole text must fit in 2048 UTF-8 bytes. */
export const INSTRUCTIONS_MAX_BYTES = 2048;

// The authored text lives here and only here (docs/reference/protocol.md#instructions). Order of
// first mentions matters: run_command < wait_for_channel < wait_for_text.
const SEGMENTS = [
  "tmux MCP server. Hierarchy: Server > Session > Window > Pane. Prefer pane_id (e.g. '%1') to target panes. Targeted tmux tools accept socket_name (defaults to TMUX_MCP_SOCKET); list_servers discovers sockets via TMUX_TMPDIR plus extra_socket_paths.",
  "TRIGGERS: tmux sessions, windows, panes; bare 'pane', 'split', 'this terminal', 'send keys', 'scrollback', 'copy mode' mean tmux; ids '%N' '@N' '$N' are unambiguous. ANTI-TRIGGERS: browser windows/tabs, editor panes (VS Code, Cursor, Neovim splits), GUI windows (i3, sway, Hyprland), Jupyter cells, login/HTTP sessions. A bare ambiguous 'window' or 'session': ask one clarifying question.",
  'Metadata vs content: list_* tools search metadata only; use search_panes, capture_since or capture_pane for terminal text.',
  'Read: prefer snapshot_pane over capture_pane+get_pane_info; capture_since for tailing; display_message for tmux formats.',
  "WAIT, DON'T POLL: run_command for commands you author and need the exit status of (unfinished: answer prompts with send_keys, then wait_for_run(run_id), or subscribe to tmux://runs/{run_id}); wait_for_channel for your own tmux wait-for signals; capture_since to tail; wait_for_text for output you do not author (patterns=null = any output; stop=[...] bails early); send_keys_batch for raw input.",
  'HOOKS ARE READ-ONLY: show_hooks/show_hook. Write hooks survive process death; keep them in your tmux config file.',
  'BUFFERS: load_buffer stages, paste_buffer delivers, delete_buffer removes, via the returned BufferRef. There is no list_buffers (clipboard history).',
];

export interface InstructionsInput {
  safety: Tier;
  suppressHistory: boolean;
  tmuxEnv: string | null;
  tmuxPane: string | null;
}

const size = (s: string) => Buffer.byteLength(s, 'utf8');

function contextBlock(pane: string, socket: string | null): string {
  const where = socket ? ` (socket ${socket})` : '';
  return `Agent context: this MCP runs inside tmux pane ${pane}${where}. Tool results mark is_caller=true; filter list_panes for it to answer 'which pane am I in?' (no whoami tool).`;
}

/**
 * Builds the instructions (docs/reference/protocol.md#instructions,
 * docs/reference/protocol.md#instructions-budget). The caller context is dropped piecewise when it
 * would not fit; the authored text itself must always fit with a nominal context, else start-up
 * fails.
 */
export function buildInstructions(input: InstructionsInput): string {
  const parts = [...SEGMENTS];
  parts.push(`Safety level: ${input.safety} (values: readonly, mutating, destructive). Set TMUX_MCP_SAFETY; off-tier tools are hidden.`);
  parts.push(`suppress_history=${input.suppressHistory}: run_command inherits; raw send/batch/paste and spawn do not.`);
  if (input.safety === 'readonly') parts.push('Readonly mode: probe snapshot_pane/list_panes/search_panes if unsure.');
  const base = parts.join('\n\n');
  if (size(base + '\n\n' + contextBlock('%000', 'default')) > INSTRUCTIONS_MAX_BYTES)
    throw new Error(`server instructions exceed ${INSTRUCTIONS_MAX_BYTES} bytes`);
  if (!input.tmuxPane) return base;
  const socketField = input.tmuxEnv ? input.tmuxEnv.split(',')[0] : '';
  const socket = socketField ? basename(socketField) : null;
  for (const candidate of [contextBlock(input.tmuxPane, socket), contextBlock(input.tmuxPane, null)]) {
    const full = `${base}\n\n${candidate}`;
    if (size(full) <= INSTRUCTIONS_MAX_BYTES) return full;
  }
  return base;
}
