import { fieldTable, pick, type FieldSpec } from './field-table';

/**
 * The field tables: one per tmux object, each fact of a field written once
 * (docs/architecture.md#field-tables). A row names the output field (its key), the tmux format
 * variable it is read from (the same name unless `tmux` says otherwise), its type, whether it is
 * nullable, and its description. The output models list the rows they carry
 * (docs/reference/tools.md#output-models); from those lists come their outputSchema and
 * TypeScript type, the tmux formats that read them and the typing of tmux's text
 * (docs/reference/tools.md#typed-fields, services/tmux-formats.ts).
 */

/** A session as `list-sessions` reports it. */
export const SESSION = fieldTable({
  session_id: { type: 'string', description: 'Session id, e.g. $0' },
  session_name: { type: 'string', nullable: true, free: true },
  window_count: { tmux: 'session_windows', type: 'integer' },
  // Read with the rest; the value given is the count of attached clients without the engine's own (services/hierarchy.service.ts).
  session_attached: { type: 'integer', nullable: true, description: 'Attached clients (engine clients excluded)' },
  session_created: { type: 'integer', nullable: true, description: 'Creation time, epoch seconds' },
  active_pane_id: { tmux: 'pane_id', type: 'string', nullable: true, emptyNull: true },
});

/** A window as `list-windows` reports it: one row per session that links it. */
export const WINDOW = fieldTable({
  window_id: { type: 'string', description: 'Window id, e.g. @1' },
  window_name: { type: 'string', nullable: true, free: true },
  window_index: { type: 'integer', nullable: true },
  session_id: { type: 'string', nullable: true },
  session_name: { type: 'string', nullable: true, free: true },
  pane_count: { tmux: 'window_panes', type: 'integer' },
  window_layout: { type: 'string', nullable: true },
  window_active: { type: 'boolean', nullable: true },
  window_width: { type: 'integer', nullable: true },
  window_height: { type: 'integer', nullable: true },
  active_pane_id: { tmux: 'pane_id', type: 'string', nullable: true, emptyNull: true },
});

/** A pane as `list-panes` and `display-message` report it. */
export const PANE = fieldTable({
  pane_id: { type: 'string', description: 'Pane id, e.g. %1' },
  pane_index: { type: 'integer', nullable: true },
  pane_width: { type: 'integer', nullable: true },
  pane_height: { type: 'integer', nullable: true },
  pane_left: { type: 'integer', nullable: true },
  pane_top: { type: 'integer', nullable: true },
  pane_right: { type: 'integer', nullable: true },
  pane_bottom: { type: 'integer', nullable: true },
  pane_at_left: { type: 'boolean', nullable: true },
  pane_at_right: { type: 'boolean', nullable: true },
  pane_at_top: { type: 'boolean', nullable: true },
  pane_at_bottom: { type: 'boolean', nullable: true },
  pane_tty: { type: 'string', nullable: true },
  pane_current_command: { type: 'string', nullable: true, free: true },
  pane_current_path: { type: 'string', nullable: true, free: true },
  pane_pid: { type: 'integer', nullable: true },
  pane_title: { type: 'string', nullable: true, free: true },
  pane_active: { type: 'boolean', nullable: true },
  window_id: { type: 'string', nullable: true },
  window_name: { type: 'string', nullable: true, free: true },
  session_id: { type: 'string', nullable: true },
  session_name: { type: 'string', nullable: true, free: true },
  cursor_x: { type: 'integer' },
  cursor_y: { type: 'integer' },
  pane_dead: { type: 'boolean', nullable: true },
  alternate_on: { type: 'boolean', nullable: true, description: 'True while a full-screen program uses the alternate screen' },
  pane_in_mode: { type: 'boolean', description: 'True in copy mode (or another tmux mode)' },
  pane_mode: { type: 'string', nullable: true, emptyNull: true, description: "e.g. 'copy-mode'; null when not in a mode" },
  scroll_position: { type: 'integer', nullable: true, description: 'Copy-mode scroll offset; null when not scrolled' },
  history_size: { type: 'integer', description: 'Scrollback lines above the visible screen' },
});

/** Where a pane sits in its window: every pane model carries these. */
export const PANE_GEOMETRY = pick(
  PANE,
  'pane_left',
  'pane_top',
  'pane_right',
  'pane_bottom',
  'pane_at_left',
  'pane_at_right',
  'pane_at_top',
  'pane_at_bottom',
);

/** Not tmux's: whether the pane runs this server (docs/reference/safety.md#is_caller). */
export const IS_CALLER = {
  name: 'is_caller',
  type: 'boolean',
  nullable: true,
  description: 'True when this is the pane running this MCP server (null outside tmux)',
} as const satisfies FieldSpec;
