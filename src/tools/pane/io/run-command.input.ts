import { SUPPRESS_HISTORY_DEFAULT } from '../../../config/server-config';
import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/**
 * run_command's input (docs/reference/tools.md#run_command). `suppress_history` defaults to the server's
 * TMUX_MCP_SUPPRESS_HISTORY (true unless it is 0): `defaultFrom` makes both the advertised schema
 * and the applied default follow the configuration (docs/reference/protocol.md#configuration-defaults).
 */
export class RunCommandInput {
  @Param({ type: 'string', description: 'Shell command to run in the pane (runs in a subshell: cd/export do not persist).' })
  command!: string;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'number',
    default: 30.0,
    description:
      'Seconds to wait for the command to finish, capped by the server wait ceiling (TMUX_MCP_WAIT_MAX_SECONDS). On timeout the command keeps running.',
  })
  timeout!: number;
  @Param({
    type: 'integer',
    nullable: true,
    default: null,
    minimum: 1,
    description:
      'Keep only the last N output lines. null (default): the whole output up to 400 lines / 32 KiB, longer outputs keeping their first and last lines.',
  })
  max_lines!: number | null;
  @Param({
    type: 'boolean',
    default: true,
    defaultFrom: SUPPRESS_HISTORY_DEFAULT,
    description:
      'Keep the command out of shell history (leading space; needs HISTCONTROL=ignorespace or zsh histignorespace). When omitted, the server default applies: true unless TMUX_MCP_SUPPRESS_HISTORY=0. With true, the command must be a single line.',
  })
  suppress_history!: boolean;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
