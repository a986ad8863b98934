import { outputModel, pick, type ModelOf } from './field-table';
import { IS_CALLER, PANE, PANE_GEOMETRY } from './tmux-fields';

/**
 * The fields of PaneSnapshot (docs/reference/tools.md#panesnapshot), typed
 * (docs/reference/tools.md#typed-fields). The snapshot types tmux's empty values its own way
 * (docs/reference/tools.md#snapshot_pane): the size is 0, strings are null.
 */
export const PANE_SNAPSHOT_FIELDS = [
  PANE.pane_id,
  { name: 'content', type: 'string', description: 'Visible pane text (tail-kept to max_lines, no marker line)' },
  ...pick(PANE, 'cursor_x', 'cursor_y'),
  { ...PANE.pane_width, nullable: false },
  { ...PANE.pane_height, nullable: false },
  ...PANE_GEOMETRY,
  { ...PANE.pane_tty, emptyNull: true },
  ...pick(PANE, 'pane_pid', 'pane_dead', 'alternate_on', 'pane_in_mode', 'pane_mode', 'scroll_position', 'history_size'),
  { ...PANE.pane_title, name: 'title', emptyNull: true, description: 'Pane title; null when empty' },
  { ...PANE.pane_current_command, emptyNull: true },
  { ...PANE.pane_current_path, emptyNull: true },
  {
    name: 'waiting_for_input',
    type: 'boolean',
    nullable: true,
    description:
      "A process of the pane's foreground job is blocked reading the terminal (a shell at its prompt, a program asking a question, an editor); null when the host cannot tell",
  },
  IS_CALLER,
  { name: 'content_truncated', type: 'boolean', description: 'True when older lines were dropped to honour max_lines' },
  { name: 'content_truncated_lines', type: 'integer', description: 'How many head lines were dropped' },
] as const;

export type PaneSnapshot = ModelOf<(typeof PANE_SNAPSHOT_FIELDS)[number]>;
export const PaneSnapshot = outputModel('PaneSnapshot', PANE_SNAPSHOT_FIELDS);
