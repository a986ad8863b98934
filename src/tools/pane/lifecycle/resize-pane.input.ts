import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class ResizePaneInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param({ ...P.sessionName }) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param({ ...P.windowId }) window_id!: string | null;
  // Sizes are >= 1 in the schema (docs/reference/tools.md#numeric-bounds).
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Lines.' })
  height!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Columns.' })
  width!: number | null;
  @Param({
    type: 'boolean',
    nullable: true,
    default: null,
    description: 'true zooms, false unzooms; not with height/width.',
  })
  zoom!: boolean | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
