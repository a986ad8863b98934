import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export const KEYS_DESC =
  "Keys to send. Without literal, tmux key names are interpreted ('C-c', 'Enter', 'Escape', 'Up' …); other text is typed as is.";
export const ENTER_DESC = 'Press Enter after the keys (sent as a separate key press).';
export const LITERAL_DESC = 'Send the keys literally (tmux send-keys -l): no key-name lookup.';
export const SUPPRESS_DESC =
  'Prepend one space so shells with HISTCONTROL=ignorespace (bash, zsh histignorespace) keep the line out of history.';

/** send_keys's input, parameters in schema order (docs/reference/tools.md#send_keys). */
export class SendKeysInput {
  @Param({ type: 'string', description: KEYS_DESC }) keys!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({ type: 'boolean', default: true, description: ENTER_DESC }) enter!: boolean;
  @Param({ type: 'boolean', default: false, description: LITERAL_DESC }) literal!: boolean;
  @Param({ type: 'boolean', default: false, description: `${SUPPRESS_DESC} Never inherits TMUX_MCP_SUPPRESS_HISTORY.` })
  suppress_history!: boolean;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
