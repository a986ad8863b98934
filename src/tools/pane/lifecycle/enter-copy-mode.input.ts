import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { ServerTarget } from '../../common/target.inputs';

export class EnterCopyModeInput extends ServerTarget {
  @Param(P.paneId) pane_id!: string | null;
  // >= 1 in the schema (docs/reference/tools.md#numeric-bounds); null or absent means no scrolling.
  // Bounded above too: tmux runs `send-keys -N n` n times while every client waits.
  @Param({
    type: 'integer',
    nullable: true,
    default: null,
    minimum: 1,
    maximum: 100_000,
    description: 'Lines to scroll up (max 100000).',
  })
  scroll_up!: number | null;
  @Param({ ...P.sessionName }) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param({ ...P.windowId }) window_id!: string | null;
}
