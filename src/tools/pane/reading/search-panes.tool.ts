import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { SearchPanesResult } from '../../../models/search-panes-result.model';
import { compilePattern } from '../../../services/search-pattern';
import { SearchPanesService } from '../../../services/search-panes.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { SearchPanesInput } from './search-panes.input';

@TmuxTool({
  name: 'search_panes',
  tier: 'readonly',
  title: 'Search Panes',
  responseLimit: { field: 'matches', truncatedFlag: 'truncated' },
  description:
    "Search the text (screen or scrollback) of tmux panes, all or one session's; literal, case-insensitive by default. Matching lines per pane, paged.",
  input: SearchPanesInput,
  output: SearchPanesResult,
})
export class SearchPanesTool implements ToolHandler<SearchPanesInput, SearchPanesResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly search: SearchPanesService,
  ) {}

  async execute(input: SearchPanesInput, ctx: ToolCallContext): Promise<SearchPanesResult> {
    const matcher = compilePattern(input.pattern, input.regex, input.match_case);
    return this.search.search(
      this.pool.engineOf(input),
      {
        matcher,
        sessionName: input.session_name,
        sessionId: input.session_id,
        contentStart: input.content_start,
        contentEnd: input.content_end,
        maxLinesPerPane: input.max_matched_lines_per_pane,
        limit: input.limit,
        offset: input.offset,
      },
      ctx.signal,
    );
  }
}
