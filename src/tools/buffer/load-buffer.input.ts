import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class LoadBufferInput {
  @Param({ type: 'string', allowNul: true, description: 'Text to stage in a new tmux paste buffer (exact bytes, newlines kept).' })
  content!: string;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: "Short label for the buffer: 1-64 characters of A-Z a-z 0-9 _ . - (default 'buf'). The full name gets a unique prefix.",
  })
  logical_name!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
