import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class SignalChannelInput {
  @Param({ type: 'string', description: 'Channel name: 1-128 characters of A-Z a-z 0-9 _ . : -.' }) channel!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
