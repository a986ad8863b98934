import { outputModel, type ModelOf } from './field-table';
import { SESSION } from './tmux-fields';

/** The fields of SessionInfo (docs/reference/tools.md#sessioninfo), typed (docs/reference/tools.md#typed-fields): the session table, in order. */
export const SESSION_INFO_FIELDS = Object.values(SESSION);

export type SessionInfo = ModelOf<(typeof SESSION_INFO_FIELDS)[number]>;
export const SessionInfo = outputModel('SessionInfo', SESSION_INFO_FIELDS);
