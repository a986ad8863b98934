import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class KillPaneInput {
  @Param({ type: 'string' }) pane_id!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
