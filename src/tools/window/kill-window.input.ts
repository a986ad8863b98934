import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class KillWindowInput {
  // No fallback target for a destructive tool (docs/reference/tools.md#required-targets); the id is required.
  @Param({ type: 'string' }) window_id!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
