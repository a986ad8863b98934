import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

export class SearchPanesInput {
  @Param({
    type: 'string',
    // Bounded: V8 compiles huge patterns lazily and would fail at match time
    // (docs/reference/tools.md#numeric-bounds).
    maxLength: 10_000,
    description:
      'Text to search for in pane contents. Literal text by default (*, ?, [ and every other character match themselves); set regex=true for a regular expression.',
  })
  pattern!: string;
  @Param({
    type: 'boolean',
    default: false,
    description: 'Interpret pattern as a (JavaScript) regular expression. Default false (literal text).',
  })
  regex!: boolean;
  @Param({ ...P.sessionName, description: 'Limit the search to panes of this session (exact name).' })
  session_name!: string | null;
  @Param({ ...P.sessionId, description: "Limit the search to panes of this session, by id (e.g. '$1'; wins over session_name)." })
  session_id!: string | null;
  @Param({ type: 'boolean', default: false, description: 'Match case. Default false (case-insensitive).' })
  match_case!: boolean;
  @Param({
    type: 'integer',
    nullable: true,
    default: null,
    description: 'Start line of each capture (tmux -S); negative values reach into scrollback. Default: the visible screen.',
  })
  content_start!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, description: 'End line of each capture (tmux -E).' })
  content_end!: number | null;
  @Param({
    type: 'integer',
    default: 50,
    minimum: 1,
    description: 'Per-pane cap on matched_lines; the most recent matching lines are kept.',
  })
  max_matched_lines_per_pane!: number;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description: 'Maximum matching panes returned in this call (page size). null disables the cap.',
  })
  limit!: number | null;
  @Param({ type: 'integer', default: 0, minimum: 0, description: 'Skip this many matching panes (for paging with limit).' })
  offset!: number;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
