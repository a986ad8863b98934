import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class SelectLayoutInput {
  @Param({
    type: 'string',
    description: 'A preset or a window_layout string from tmux',
  })
  layout!: string;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
