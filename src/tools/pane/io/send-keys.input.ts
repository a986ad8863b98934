import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { SendKeysOperation } from './send-keys-operation.input';

/**
 * send_keys's input (docs/reference/tools.md#send_keys): a batch operation's parameters, then the
 * server. The server fields are declared here, not taken from `ServerTarget`: a class has one
 * base, and this one's is the operation.
 */
export class SendKeysInput extends SendKeysOperation {
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
