import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { SessionInfo } from '../../models/session-info.model';
import { FilterService } from '../../services/filter.service';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ListSessionsInput } from './list-sessions.input';

@TmuxTool({
  name: 'list_sessions',
  tier: 'readonly',
  title: 'List tmux Sessions',
  description: 'List tmux sessions (terminal multiplexer metadata). For terminal text use search_panes.',
  input: ListSessionsInput,
  output: [SessionInfo],
})
export class ListSessionsTool implements ToolHandler<ListSessionsInput, SessionInfo[]> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
    private readonly filters: FilterService,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: ListSessionsInput): Promise<SessionInfo[]> {
    const clauses = this.filters.parse(input.filters);
    const engine = this.pool.engineOf(input);
    // One round trip: the sessions and the clients that count as attached.
    const { rows, attached } = await this.hierarchy.sessionsWithAttached(engine, this.filters.fieldsFor(clauses));
    if (!rows.length) return [];
    // session_attached filters compare the corrected count (docs/reference/tools.md#filters).
    const kept = await this.filters.apply(rows, clauses, (row, f) =>
      f === 'session_attached' ? String(attached.get(row.session_id) ?? 0) : undefined,
    );
    return kept.map((r) => this.serializer.session(r, attached));
  }
}
