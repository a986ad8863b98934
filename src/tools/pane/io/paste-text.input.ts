import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** paste_text's input, parameters in schema order (docs/reference/tools.md#paste_text). */
export class PasteTextInput {
  @Param({
    type: 'string',
    allowNul: true,
    description: 'Text to paste (any size, multi-line; travels through a private temp file and tmux paste buffer).',
  })
  text!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param({
    type: 'boolean',
    default: true,
    description: 'Use bracketed paste (paste-buffer -p) so shells and editors that support it take the text as one paste, not typed keys.',
  })
  bracket!: boolean;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
