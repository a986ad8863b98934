import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** display_message's input (docs/reference/tools.md#display_message). */
export class DisplayMessageInput {
  @Param({
    type: 'string',
    description: "e.g. '#{pane_current_command} #{cursor_x}'; #() and E:/T: are refused",
  })
  format_string!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
