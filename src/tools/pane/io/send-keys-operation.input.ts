import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/**
 * SendKeysOperation (docs/reference/tools.md#sendkeysoperation): one send_keys call inside
 * send_keys_batch (extra keys forbidden), send_keys's parameters without the server the batch names.
 */
export class SendKeysOperation {
  @Param({ type: 'string', description: 'Text or key names (C-c, Enter, Up)' }) keys!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({ type: 'boolean', default: true }) enter!: boolean;
  @Param({ type: 'boolean', default: false, description: 'No key names (-l)' }) literal!: boolean;
  @Param({ type: 'boolean', default: false, description: 'Leading space: out of shell history' }) suppress_history!: boolean;
}
