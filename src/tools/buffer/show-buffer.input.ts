import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { BUFFER_NAME } from './buffer-name.param';

export class ShowBufferInput {
  @Param(BUFFER_NAME) buffer_name!: string;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description: 'Last N lines only (null: all).',
  })
  max_lines!: number | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
