import { outputModel, type ModelOf } from './field-table';
import { WINDOW } from './tmux-fields';

/** The fields of WindowInfo (docs/reference/tools.md#windowinfo), typed (docs/reference/tools.md#typed-fields): the window table, in order. */
export const WINDOW_INFO_FIELDS = Object.values(WINDOW);

export type WindowInfo = ModelOf<(typeof WINDOW_INFO_FIELDS)[number]>;
export const WindowInfo = outputModel('WindowInfo', WINDOW_INFO_FIELDS);
