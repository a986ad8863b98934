import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { BUFFER_NAME } from './buffer-name.param';

export class PasteBufferInput {
  @Param(BUFFER_NAME) buffer_name!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param({
    type: 'boolean',
    default: true,
    description: 'Bracketed paste (-p).',
  })
  bracket!: boolean;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
