import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class SwapPaneInput {
  @Param({ type: 'string' })
  source_pane_id!: string;
  @Param({ type: 'string' })
  target_pane_id!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
