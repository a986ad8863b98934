import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class SetPaneTitleInput {
  // Titles are names: control characters are validation errors (docs/reference/tools.md#names-and-escaping).
  @Param(P.name('The new pane title (stored literally: no format expansion).')) title!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param({ ...P.sessionName, description: 'Session name for pane resolution.' }) session_name!: string | null;
  @Param({ ...P.sessionId, description: "Session id, e.g. '$1', for pane resolution." }) session_id!: string | null;
  @Param({ ...P.windowId, description: 'Window id for pane resolution.' }) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
