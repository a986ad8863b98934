import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class CaptureSinceInput {
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description:
      'Opaque cursor returned by a previous capture_since call. Omit to capture the current visible screen and start a new cursor.',
  })
  cursor!: string | null;
  @Param({ ...P.paneId, description: "Pane id, e.g. '%1'. Optional when cursor is given: the cursor carries its pane." })
  pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description: 'Return at most this many lines (the most recent are kept). null disables line truncation.',
  })
  max_lines!: number | null;
  @Param({
    type: 'integer',
    nullable: true,
    default: 128000,
    minimum: 1,
    description: 'Return at most this many UTF-8 bytes across lines (the most recent are kept). null disables byte truncation.',
  })
  max_bytes!: number | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
