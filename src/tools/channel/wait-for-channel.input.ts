import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class WaitForChannelInput {
  @Param({ type: 'string', description: 'Fresh per wait; 1-128 of A-Za-z0-9_.:-' })
  channel!: string;
  @Param({
    type: 'number',
    default: 30.0,
  })
  timeout!: number;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
