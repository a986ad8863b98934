import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** The plain pane target (docs/reference/tools.md#pane-resolution) of get_pane_info and exit_copy_mode. */
export class PaneTargetInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param({ ...P.sessionName, description: 'Session name for pane resolution (first pane of its first window).' })
  session_name!: string | null;
  @Param({ ...P.sessionId, description: "Session id, e.g. '$1', for pane resolution (wins over session_name)." })
  session_id!: string | null;
  @Param({ ...P.windowId, description: "Window id, e.g. '@1', for pane resolution (first pane of that window)." })
  window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
