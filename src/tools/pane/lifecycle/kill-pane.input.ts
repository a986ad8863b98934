import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class KillPaneInput {
  @Param({ type: 'string', description: "Pane id, e.g. '%1'. Required: no fallback resolution." }) pane_id!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
