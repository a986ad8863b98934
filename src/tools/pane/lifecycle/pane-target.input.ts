import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** The plain pane target (docs/reference/tools.md#pane-resolution) of get_pane_info and exit_copy_mode. */
export class PaneTargetInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param({ ...P.sessionName })
  session_name!: string | null;
  @Param(P.sessionId)
  session_id!: string | null;
  @Param(P.windowId)
  window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
