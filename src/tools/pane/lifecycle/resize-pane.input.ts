import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class ResizePaneInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param({ ...P.sessionName, description: 'Session name for pane resolution.' }) session_name!: string | null;
  @Param({ ...P.sessionId, description: "Session id, e.g. '$1', for pane resolution." }) session_id!: string | null;
  @Param({ ...P.windowId, description: 'Window id for pane resolution.' }) window_id!: string | null;
  // Sizes are >= 1 in the schema (docs/reference/tools.md#numeric-bounds).
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'New height in lines.' })
  height!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'New width in columns.' })
  width!: number | null;
  @Param({
    type: 'boolean',
    nullable: true,
    default: null,
    description: 'true zooms the pane (fills the window), false unzooms the window; idempotent. Cannot be combined with height/width.',
  })
  zoom!: boolean | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
