import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class PipePaneInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: "File to stream the pane's output into (written exactly at this path, on the pane's machine). null stops piping.",
  })
  output_path!: string | null;
  @Param({ type: 'boolean', default: true, description: 'Append to the file (default); false truncates it first.' })
  append!: boolean;
  @Param({ ...P.sessionName, description: 'Session name for pane resolution.' }) session_name!: string | null;
  @Param({ ...P.sessionId, description: 'Session id for pane resolution.' }) session_id!: string | null;
  @Param({ ...P.windowId, description: 'Window id for pane resolution.' }) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
