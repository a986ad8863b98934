import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class RenameSessionInput {
  @Param(P.name('No periods or colons.')) new_name!: string;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
