import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { WindowTarget } from '../../common/target.inputs';

export const PANE_DIRECTIONS = ['up', 'down', 'left', 'right', 'last', 'next', 'previous'] as const;
export type PaneDirection = (typeof PANE_DIRECTIONS)[number];

export class SelectPaneInput extends WindowTarget {
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
}
