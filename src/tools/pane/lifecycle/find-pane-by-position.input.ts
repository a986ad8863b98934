import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { Corner, CORNERS } from './corner';

export class FindPaneByPositionInput {
  @Param({ type: 'string', enum: CORNERS })
  corner!: Corner;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    ...P.windowIndex,
  })
  window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
