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
    description:
      'Keep at most this many of the most recent content lines (content_truncated / content_truncated_lines report the cut; no marker line). null disables truncation.',
  })
  max_lines!: number | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
