import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class RenameWindowInput {
  // No control characters, and stored literally: the tool escapes '#'
  // (docs/reference/tools.md#names-and-escaping).
  @Param(P.name('Stored literally.')) new_name!: string;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
