import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class ResizeWindowInput {
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  // Heights and widths are >= 1 (docs/reference/tools.md#numeric-bounds), enforced by the schema.
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Lines.' })
  height!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Columns.' })
  width!: number | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
