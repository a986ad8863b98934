import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class CapturePaneInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'integer',
    nullable: true,
    default: null,
    description:
      'Start line (tmux -S): 0 is the first visible line, negative values reach into scrollback. Default: the first visible line.',
  })
  start!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, description: 'End line (tmux -E). Default: the last visible line.' })
  end!: number | null;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description:
      'Keep at most this many of the most recent lines; older ones are replaced by one "[... truncated K lines ...]" header. null disables truncation.',
  })
  max_lines!: number | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
