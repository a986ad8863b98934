import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export const PANE_DIRECTIONS = ['up', 'down', 'left', 'right', 'last', 'next', 'previous'] as const;
export type PaneDirection = (typeof PANE_DIRECTIONS)[number];

export class SelectPaneInput {
  @Param({ ...P.paneId, description: "Pane id, e.g. '%1', for direct selection (window arguments are then ignored)." })
  pane_id!: string | null;
  @Param({
    type: 'string',
    enum: PANE_DIRECTIONS,
    nullable: true,
    default: null,
    description:
      "Relative navigation within the window: 'up', 'down', 'left', 'right', 'last' (previously active), 'next' or 'previous' (pane order, wrapping).",
  })
  direction!: PaneDirection | null;
  @Param({ ...P.windowId, description: 'Window id scoping directional navigation.' }) window_id!: string | null;
  @Param({ ...P.windowIndex, description: 'Window index scoping directional navigation (integer or digit string).' })
  window_index!: string | null;
  @Param({ ...P.sessionName, description: 'Session name for window resolution.' }) session_name!: string | null;
  @Param({ ...P.sessionId, description: 'Session id for window resolution.' }) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
