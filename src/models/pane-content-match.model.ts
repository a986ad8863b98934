import { outputModel, pick, type ModelOf } from './field-table';
import { IS_CALLER, PANE, PANE_GEOMETRY } from './tmux-fields';

/** The fields of PaneContentMatch (docs/reference/tools.md#panecontentmatch): one pane whose text matched a search_panes pattern. */
export const PANE_CONTENT_MATCH_FIELDS = [
  PANE.pane_id,
  ...PANE_GEOMETRY,
  ...pick(PANE, 'pane_tty', 'pane_current_command', 'pane_current_path', 'window_id', 'window_name', 'session_id', 'session_name'),
  { name: 'matched_lines', type: 'string[]', description: 'Matching lines (the most recent max_matched_lines_per_pane)' },
  IS_CALLER,
] as const;

export type PaneContentMatch = ModelOf<(typeof PANE_CONTENT_MATCH_FIELDS)[number]>;
export const PaneContentMatch = outputModel('PaneContentMatch', PANE_CONTENT_MATCH_FIELDS);
