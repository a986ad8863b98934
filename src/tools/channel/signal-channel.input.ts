import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class SignalChannelInput {
  @Param({ type: 'string', description: '1-128 of A-Za-z0-9_.:-' }) channel!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
