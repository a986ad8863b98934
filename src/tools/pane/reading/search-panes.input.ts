import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { ServerTarget } from '../../common/target.inputs';
import { CAPTURE_P } from './capture.params';

export class SearchPanesInput extends ServerTarget {
  @Param({
    type: 'string',
    // Bounded: V8 compiles huge patterns lazily and would fail at match time
    // (docs/reference/tools.md#numeric-bounds).
    maxLength: 10_000,
  })
  pattern!: string;
  @Param({
    type: 'boolean',
    default: false,
  })
  regex!: boolean;
  @Param({ ...P.sessionName })
  session_name!: string | null;
  @Param(P.sessionId)
  session_id!: string | null;
  @Param({ type: 'boolean', default: false })
  match_case!: boolean;
  @Param(CAPTURE_P.start) content_start!: number | null;
  @Param(CAPTURE_P.end) content_end!: number | null;
  @Param({
    type: 'integer',
    default: 50,
    minimum: 1,
  })
  max_matched_lines_per_pane!: number;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description: 'Page size (null: all)',
  })
  limit!: number | null;
  @Param({ type: 'integer', default: 0, minimum: 0 })
  offset!: number;
}
