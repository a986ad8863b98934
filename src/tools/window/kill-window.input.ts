import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class KillWindowInput {
  // SPEC §1.3: no fallback target for a destructive tool; the id is required.
  @Param({ type: 'string', description: "Window id to kill, e.g. '@1' (required: no fallback target)." }) window_id!: string;
  @Param(P.socketName) socket_name!: string | null;
}
