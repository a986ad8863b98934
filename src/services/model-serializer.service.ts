import { injectable } from 'tsyringe';
import type { PaneInfo } from '../models/pane-info.model';
import type { SessionInfo } from '../models/session-info.model';
import type { WindowInfo } from '../models/window-info.model';
import { Row, toFlag, toInt, toStr } from './tmux-formats';

/** Rows → output models with typed fields (docs/reference/tools.md#typed-fields: integers and booleans, not tmux strings). */
@injectable()
export class ModelSerializer {
  session(row: Row, attached: Map<string, number>): SessionInfo {
    return {
      session_id: row.session_id,
      session_name: toStr(row.session_name),
      window_count: toInt(row.session_windows) ?? 0,
      session_attached: attached.get(row.session_id) ?? 0,
      session_created: toInt(row.session_created),
      active_pane_id: row.pane_id || null,
    };
  }

  window(row: Row): WindowInfo {
    return {
      window_id: row.window_id,
      window_name: toStr(row.window_name),
      window_index: toInt(row.window_index),
      session_id: toStr(row.session_id),
      session_name: toStr(row.session_name),
      pane_count: toInt(row.window_panes) ?? 0,
      window_layout: toStr(row.window_layout),
      window_active: toFlag(row.window_active),
      window_width: toInt(row.window_width),
      window_height: toInt(row.window_height),
      active_pane_id: row.pane_id || null,
    };
  }

  pane(row: Row, isCaller: (paneId: string) => boolean | null): PaneInfo {
    return {
      pane_id: row.pane_id,
      pane_index: toInt(row.pane_index),
      pane_width: toInt(row.pane_width),
      pane_height: toInt(row.pane_height),
      pane_left: toInt(row.pane_left),
      pane_top: toInt(row.pane_top),
      pane_right: toInt(row.pane_right),
      pane_bottom: toInt(row.pane_bottom),
      pane_at_left: toFlag(row.pane_at_left),
      pane_at_right: toFlag(row.pane_at_right),
      pane_at_top: toFlag(row.pane_at_top),
      pane_at_bottom: toFlag(row.pane_at_bottom),
      pane_tty: toStr(row.pane_tty),
      pane_current_command: toStr(row.pane_current_command),
      pane_current_path: toStr(row.pane_current_path),
      pane_pid: toInt(row.pane_pid),
      pane_title: toStr(row.pane_title),
      pane_active: toFlag(row.pane_active),
      window_id: toStr(row.window_id),
      session_id: toStr(row.session_id),
      is_caller: isCaller(row.pane_id),
    };
  }
}
