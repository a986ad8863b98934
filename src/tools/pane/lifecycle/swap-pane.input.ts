import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class SwapPaneInput {
  @Param({ type: 'string', description: "Pane id of the first pane, e.g. '%1'. Required (no fallback resolution)." })
  source_pane_id!: string;
  @Param({ type: 'string', description: "Pane id of the second pane, e.g. '%2'. Required (no fallback resolution)." })
  target_pane_id!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
