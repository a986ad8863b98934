import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class SnapshotPaneInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description: 'Last N lines (null: all)',
  })
  max_lines!: number | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
