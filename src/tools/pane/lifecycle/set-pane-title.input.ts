import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class SetPaneTitleInput {
  // Titles are names: control characters are validation errors (docs/reference/tools.md#names-and-escaping).
  @Param(P.name('Stored literally.')) title!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param({ ...P.sessionName }) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param({ ...P.windowId }) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
