import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export const PANE_DIRECTIONS = ['up', 'down', 'left', 'right', 'last', 'next', 'previous'] as const;
export type PaneDirection = (typeof PANE_DIRECTIONS)[number];

export class SelectPaneInput {
  @Param({ ...P.paneId, description: 'Wins over direction' })
  pane_id!: string | null;
  @Param({
    type: 'string',
    enum: PANE_DIRECTIONS,
    nullable: true,
    default: null,
    description: 'Within the window: up, down, left, right, last, next, previous.',
  })
  direction!: PaneDirection | null;
  @Param({ ...P.windowId }) window_id!: string | null;
  @Param({ ...P.windowIndex })
  window_index!: string | null;
  @Param({ ...P.sessionName }) session_name!: string | null;
  @Param({ ...P.sessionId }) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
