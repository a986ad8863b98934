import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { ServerTarget } from '../../common/target.inputs';
import { CAPTURE_P } from './capture.params';

export class CaptureSinceInput extends ServerTarget {
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: 'From the previous call; omit to start.',
  })
  cursor!: string | null;
  @Param({ ...P.paneId, description: 'Optional with cursor' })
  pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(CAPTURE_P.maxLines) max_lines!: number | null;
  @Param({
    type: 'integer',
    nullable: true,
    default: 128000,
    minimum: 1,
    description: 'Keep the last N bytes (null: all).',
  })
  max_bytes!: number | null;
}
