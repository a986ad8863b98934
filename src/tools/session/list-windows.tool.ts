import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { FilterService } from '../../services/filter.service';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ListWindowsInput } from './list-windows.input';

@TmuxTool({
  name: 'list_windows',
  tier: 'readonly',
  title: 'List tmux Windows',
  alwaysLoad: true,
  description: 'List tmux windows of a session or all (terminal multiplexer metadata). For terminal text use search_panes.',
  input: ListWindowsInput,
  output: [WindowInfo],
})
export class ListWindowsTool implements ToolHandler<ListWindowsInput, WindowInfo[]> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly filters: FilterService,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: ListWindowsInput): Promise<WindowInfo[]> {
    const clauses = this.filters.parse(input.filters);
    const engine = this.pool.engineOf(input);
    const extra = this.filters.fieldsFor(clauses);
    // Without target arguments, no server means [] (list-windows -a lists nothing); with them,
    // the resolver's not-found error (docs/reference/tools.md#no-server-running).
    const scoped = input.session_id != null || input.session_name != null;
    const sessionId = scoped ? (await this.resolver.session(engine, input)).session_id : undefined;
    const rows = await this.hierarchy.windows(engine, sessionId, extra);
    if (!rows.length) return [];
    // session_attached filters compare the count without engine clients (docs/reference/tools.md#filters).
    const attached = clauses.some((c) => c.field === 'session_attached') ? await this.hierarchy.attachedCounts(engine) : undefined;
    const kept = await this.filters.apply(rows, clauses, (row, f) =>
      f === 'session_attached' && attached ? String(attached.get(row.session_id) ?? 0) : undefined,
    );
    return kept.map((r) => this.serializer.window(r));
  }
}
