import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** paste_text's input, parameters in schema order (docs/reference/tools.md#paste_text). */
export class PasteTextInput {
  @Param({
    type: 'string',
    allowNul: true,
    description: 'Any size, multi-line',
  })
  text!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param({
    type: 'boolean',
    default: true,
    description: 'Bracketed paste (-p).',
  })
  bracket!: boolean;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
