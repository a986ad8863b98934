import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { Corner, CORNERS } from './corner';

export class FindPaneByPositionInput {
  @Param({ type: 'string', enum: CORNERS, description: "Window corner: 'top-left', 'top-right', 'bottom-left' or 'bottom-right'." })
  corner!: Corner;
  @Param({ ...P.windowId, description: "Window id, e.g. '@1'." }) window_id!: string | null;
  @Param({
    ...P.windowIndex,
    description: "Window index within the session (integer or digit string); with session_name/session_id, else the first session's.",
  })
  window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
