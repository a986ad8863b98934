import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { ServerTarget } from '../../common/target.inputs';

export class PipePaneInput extends ServerTarget {
  @Param(P.paneId) pane_id!: string | null;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: "File to stream into, on the pane's machine; null stops.",
  })
  output_path!: string | null;
  @Param({ type: 'boolean', default: true, description: 'false truncates first.' })
  append!: boolean;
  @Param({ ...P.sessionName }) session_name!: string | null;
  @Param({ ...P.sessionId }) session_id!: string | null;
  @Param({ ...P.windowId }) window_id!: string | null;
}
