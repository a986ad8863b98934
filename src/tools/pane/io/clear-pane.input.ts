import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** clear_pane's input (docs/reference/tools.md#clear_pane): the pane target arguments only. */
export class ClearPaneInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
