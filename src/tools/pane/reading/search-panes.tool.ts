import { HandleErrors } from '../../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../../framework/decorators/tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-dispatcher';
import { SearchPanesResult } from '../../../models/search-panes-result.model';
import { compilePattern } from '../../../services/search-pattern';
import { SearchPanesService } from '../../../services/search-panes.service';
import { TmuxErrorMapper } from '../../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { SearchPanesInput } from './search-panes.input';

@Tool('readonly', { title: 'Search Panes', responseLimit: { field: 'matches', truncatedFlag: 'truncated' } })
@HandleErrors(TmuxErrorMapper)
export class SearchPanesTool implements ToolHandler<SearchPanesInput, SearchPanesResult> {
  static readonly toolName = 'search_panes';
  static readonly description =
    "Search for text across the contents of all tmux panes (or one session's): what the terminals show, or a scrollback " +
    'range with content_start/content_end. Use it when asked what panes contain, mention or show. Literal text by default, ' +
    'case-insensitive unless match_case; regex=true for a regular expression. Returns matching panes sorted by pane id, with ' +
    'their matching lines (wrapped lines joined), paged with offset/limit; truncated / truncated_panes / total_panes_matched ' +
    'describe what was left out. list_sessions, list_windows and list_panes search metadata only.';
  static readonly Input = SearchPanesInput;
  static readonly Output = SearchPanesResult;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly search: SearchPanesService,
  ) {}

  async execute(input: SearchPanesInput): Promise<SearchPanesResult> {
    const matcher = compilePattern(input.pattern, input.regex, input.match_case);
    return this.search.search(this.pool.engine(input.socket_name, input.host), {
      matcher,
      sessionName: input.session_name,
      sessionId: input.session_id,
      contentStart: input.content_start,
      contentEnd: input.content_end,
      maxLinesPerPane: input.max_matched_lines_per_pane,
      limit: input.limit,
      offset: input.offset,
    });
  }
}
