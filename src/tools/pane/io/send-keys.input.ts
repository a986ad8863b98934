import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export const KEYS_DESC = 'Text or key names (C-c, Enter, Up)';
export const LITERAL_DESC = 'No key names (-l)';
export const SUPPRESS_DESC = 'Leading space: out of shell history';

/** send_keys's input, parameters in schema order (docs/reference/tools.md#send_keys). */
export class SendKeysInput {
  @Param({ type: 'string', description: KEYS_DESC }) keys!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({ type: 'boolean', default: true }) enter!: boolean;
  @Param({ type: 'boolean', default: false, description: LITERAL_DESC }) literal!: boolean;
  @Param({ type: 'boolean', default: false, description: SUPPRESS_DESC })
  suppress_history!: boolean;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
