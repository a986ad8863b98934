import { outputModel, pick, type ModelOf } from './field-table';
import { IS_CALLER, PANE, PANE_GEOMETRY } from './tmux-fields';

/** The fields of PaneInfo (docs/reference/tools.md#paneinfo), typed (docs/reference/tools.md#typed-fields), in order. */
export const PANE_INFO_FIELDS = [
  ...pick(PANE, 'pane_id', 'pane_index', 'pane_width', 'pane_height'),
  ...PANE_GEOMETRY,
  ...pick(
    PANE,
    'pane_tty',
    'pane_current_command',
    'pane_current_path',
    'pane_pid',
    'pane_title',
    'pane_active',
    'window_id',
    'session_id',
  ),
  IS_CALLER,
] as const;

export type PaneInfo = ModelOf<(typeof PANE_INFO_FIELDS)[number]>;
export const PaneInfo = outputModel('PaneInfo', PANE_INFO_FIELDS);
