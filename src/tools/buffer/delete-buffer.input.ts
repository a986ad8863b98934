import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { BUFFER_NAME } from './buffer-name.param';

export class DeleteBufferInput {
  @Param(BUFFER_NAME) buffer_name!: string;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
