import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { ListingTarget } from '../common/target.inputs';

export class ListWindowsInput extends ListingTarget {
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
}
