import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/**
 * interval/timeout carry no schema bounds on purpose: their limits answer with the domain texts of
 * docs/reference/tools.md#wait_for_text (`interval must be at least 0.01 s (received X)`, `timeout
 * must be positive …`).
 */
export class WaitForTextInput {
  @Param({
    type: 'string[]',
    nullable: true,
    default: null,
    description:
      'Success patterns; the first one to match a line written after the call began ends the wait. Literal text unless regex=true. Omit or pass null to wait for any new output.',
  })
  patterns!: string[] | null;
  @Param({
    type: 'string[]',
    nullable: true,
    default: null,
    description:
      "Failure patterns (e.g. 'error:', 'FAILED', 'Traceback'). A hit ends the wait at once with outcome 'stopped' and found=false; stop wins a tie with patterns.",
  })
  stop!: string[] | null;
  @Param({
    type: 'boolean',
    default: false,
    description: 'Interpret patterns and stop as (JavaScript) regular expressions. Default false (literal text).',
  })
  regex!: boolean;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'number',
    default: 8.0,
    description:
      'Requested seconds to wait. Clamped to the server ceiling (TMUX_MCP_WAIT_MAX_SECONDS, 30 s by default); see effective_timeout.',
  })
  timeout!: number;
  @Param({
    type: 'number',
    default: 0.05,
    description: 'Seconds between polls when the engine has no pane events (subprocess engine). Minimum 0.01.',
  })
  interval!: number;
  @Param({ type: 'boolean', default: false, description: 'Match case. Default false (case-insensitive).' })
  match_case!: boolean;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
