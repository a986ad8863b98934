import { injectable } from 'tsyringe';
import { PANE_INFO_FIELDS, type PaneInfo } from '../models/pane-info.model';
import { SESSION_INFO_FIELDS, type SessionInfo } from '../models/session-info.model';
import { WINDOW_INFO_FIELDS, type WindowInfo } from '../models/window-info.model';
import { modelReader, Row } from './tmux-formats';

const sessionOf = modelReader(SESSION_INFO_FIELDS);
const windowOf = modelReader(WINDOW_INFO_FIELDS);
const paneOf = modelReader(PANE_INFO_FIELDS);

/** Rows → output models with typed fields (docs/reference/tools.md#typed-fields: integers and booleans, not tmux strings). */
@injectable()
export class ModelSerializer {
  /** `attached`: clients per session without the engine's own (docs/reference/engine.md#invisibility), in place of tmux's count. */
  session(row: Row, attached: Map<string, number>): SessionInfo {
    return sessionOf(row, { session_attached: attached.get(row.session_id) ?? 0 });
  }

  window(row: Row): WindowInfo {
    return windowOf(row, {});
  }

  /** `programs`: pane_current_command of panes with a run in flight (docs/reference/tools.md#run_command). */
  pane(row: Row, isCaller: (paneId: string) => boolean | null, programs?: ReadonlyMap<string, string>): PaneInfo {
    const program = programs?.get(row.pane_id);
    return paneOf(program === undefined ? row : { ...row, pane_current_command: program }, { is_caller: isCaller(row.pane_id) });
  }
}
