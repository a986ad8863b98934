import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../models/pane-info.model';
import { CallerIdentityService } from '../../services/caller-identity.service';
import { FilterService } from '../../services/filter.service';
import { HierarchyService, PaneScope } from '../../services/hierarchy.service';
import type { Row } from '../../services/tmux-formats';
import { ModelSerializer } from '../../services/model-serializer.service';
import { RunPrograms } from '../../services/run-programs.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ListPanesInput } from './list-panes.input';

@TmuxTool({
  name: 'list_panes',
  tier: 'readonly',
  title: 'List tmux Panes',
  alwaysLoad: true,
  description:
    'List tmux panes of a window, a session or all (terminal multiplexer metadata, is_caller). For terminal text use search_panes.',
  input: ListPanesInput,
  output: [PaneInfo],
})
export class ListPanesTool implements ToolHandler<ListPanesInput, PaneInfo[]> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly filters: FilterService,
    private readonly serializer: ModelSerializer,
    private readonly callers: CallerIdentityService,
    private readonly programs: RunPrograms,
  ) {}

  async execute(input: ListPanesInput): Promise<PaneInfo[]> {
    const clauses = this.filters.parse(input.filters);
    const engine = this.pool.engineOf(input);
    // docs/reference/tools.md#no-server-running: only the untargeted listing turns "no server" into
    // []; targets go through the resolver, whose not-found errors surface.
    const fields = this.filters.fieldsFor(clauses);
    let rows: Row[];
    if (input.window_id != null && /^@\d+$/.test(input.window_id) && input.session_id == null && input.session_name == null) {
      // One command: the panes, under the resolver's window_id rules (a session group's window is one window).
      rows = await this.resolver.windowPanes(engine, input.window_id, fields);
    } else {
      let scope: PaneScope = { all: true };
      if (input.window_id != null || input.window_index != null) {
        scope = { windowId: (await this.resolver.window(engine, input)).window_id };
      } else if (input.session_id != null || input.session_name != null) {
        scope = { sessionId: (await this.resolver.session(engine, input)).session_id };
      }
      rows = await this.hierarchy.panes(engine, scope, fields);
    }
    if (!rows.length) return [];
    // session_attached filters compare the count without engine clients (docs/reference/tools.md#filters).
    const attached = clauses.some((c) => c.field === 'session_attached') ? await this.hierarchy.attachedCounts(engine) : undefined;
    const kept = await this.filters.apply(rows, clauses, (row, f) =>
      f === 'session_attached' && attached ? String(attached.get(row.session_id) ?? 0) : undefined,
    );
    const [isCaller, programs] = await Promise.all([this.callers.isCallerFn(engine), this.programs.of(engine, kept)]);
    return kept.map((r) => this.serializer.pane(r, isCaller, programs));
  }
}
