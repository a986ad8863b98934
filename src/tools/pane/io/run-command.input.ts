import { SUPPRESS_HISTORY_DEFAULT } from '../../../config/server-config';
import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { ServerTarget } from '../../common/target.inputs';

/**
 * run_command's input (docs/reference/tools.md#run_command). `suppress_history` defaults to the server's
 * TMUX_MCP_SUPPRESS_HISTORY (true unless it is 0): `defaultFrom` makes both the advertised schema
 * and the applied default follow the configuration (docs/reference/protocol.md#configuration-defaults).
 */
export class RunCommandInput extends ServerTarget {
  @Param({ type: 'string', description: 'Runs in a subshell: cd/export do not persist.' })
  command!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'number',
    default: 30.0,
    description: 'Capped at effective_timeout; then wait_for_run',
  })
  timeout!: number;
  @Param({
    type: 'integer',
    nullable: true,
    default: null,
    minimum: 1,
    description: 'Last N lines only',
  })
  max_lines!: number | null;
  @Param({
    type: 'boolean',
    default: true,
    defaultFrom: SUPPRESS_HISTORY_DEFAULT,
    description: 'Out of shell history (one line; zsh only with HIST_IGNORE_SPACE)',
  })
  suppress_history!: boolean;
  @Param({ type: 'boolean', default: true, description: 'Return when it waits for input' })
  return_on_input!: boolean;
}
