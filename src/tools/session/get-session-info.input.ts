import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { ServerTarget } from '../common/target.inputs';

export class GetSessionInfoInput extends ServerTarget {
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
}
