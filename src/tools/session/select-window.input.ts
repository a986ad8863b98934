import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { ServerTarget } from '../common/target.inputs';

export class SelectWindowInput extends ServerTarget {
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param({
    type: 'string',
    enum: ['next', 'previous', 'last'],
    nullable: true,
    default: null,
    description: 'Or move: next, previous, last.',
  })
  direction!: 'next' | 'previous' | 'last' | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
}
