import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class WaitForChannelInput {
  @Param({ type: 'string', description: "Channel name: 1-128 characters of A-Z a-z 0-9 _ . : - (make it unique, e.g. 'build-42-done')." })
  channel!: string;
  @Param({
    type: 'number',
    default: 30.0,
    description: 'Seconds to wait, capped by the server ceiling (TMUX_MCP_WAIT_MAX_SECONDS, default 30).',
  })
  timeout!: number;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
