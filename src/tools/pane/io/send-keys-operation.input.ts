import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { KEYS_DESC, LITERAL_DESC, SUPPRESS_DESC } from './send-keys.input';

/** SendKeysOperation (docs/reference/tools.md#sendkeysoperation): one send_keys call inside send_keys_batch (extra keys forbidden). */
export class SendKeysOperation {
  @Param({ type: 'string', description: KEYS_DESC }) keys!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({ type: 'boolean', default: true }) enter!: boolean;
  @Param({ type: 'boolean', default: false, description: LITERAL_DESC }) literal!: boolean;
  @Param({ type: 'boolean', default: false, description: SUPPRESS_DESC }) suppress_history!: boolean;
}
