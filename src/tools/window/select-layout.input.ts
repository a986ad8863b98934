import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class SelectLayoutInput {
  @Param({
    type: 'string',
    description:
      "Layout: even-horizontal, even-vertical, main-horizontal, main-vertical, tiled, or a custom layout string exactly as tmux reports it in window_layout (e.g. '5468,159x48,0,0{79x48,0,0,1,79x48,80,0,2}').",
  })
  layout!: string;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
