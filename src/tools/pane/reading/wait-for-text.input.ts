import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { ServerTarget } from '../../common/target.inputs';

/**
 * interval/timeout carry no schema bounds on purpose: their limits answer with the domain texts of
 * docs/reference/tools.md#wait_for_text (`interval must be at least 0.01 s (received X)`, `timeout
 * must be positive …`).
 */
export class WaitForTextInput extends ServerTarget {
  @Param({
    type: 'string[]',
    nullable: true,
    default: null,
    description: 'Any ends the wait; null: any output',
  })
  patterns!: string[] | null;
  @Param({
    type: 'string[]',
    nullable: true,
    default: null,
    description: 'Any ends it as stopped',
  })
  stop!: string[] | null;
  @Param({
    type: 'boolean',
    default: false,
  })
  regex!: boolean;
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param({
    type: 'number',
    default: 8.0,
  })
  timeout!: number;
  @Param({
    type: 'number',
    default: 0.05,
  })
  interval!: number;
  @Param({ type: 'boolean', default: false })
  match_case!: boolean;
}
