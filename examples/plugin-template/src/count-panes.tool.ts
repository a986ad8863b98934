import { HandleErrors, HierarchyService, Tool, TmuxErrorMapper, TmuxServerPool, type ToolHandler } from 'tmux-mcp-ts';
import { CountPanesInput } from './count-panes.input';
import { PaneCount } from './pane-count.model';
import { UnknownSessionError } from './unknown-session.error';

/**
 * A readonly tool: the tier decides who may call it and fills its MCP annotations
 * (docs/reference/safety.md#tiers). Its input (count-panes.input.ts) and output
 * (pane-count.model.ts) are classes of their own files, as in the server's own tools.
 * `@HandleErrors(TmuxErrorMapper)` turns tmux's errors (no server, a dead socket) into texts with
 * suggestions; nothing maps them unless the tool asks (docs/reference/errors.md#error-mapping).
 */
@Tool({
  name: 'count_panes',
  tier: 'readonly',
  title: 'Count Panes',
  description: 'Count the panes of a tmux server, or of one of its sessions.',
  input: CountPanesInput,
  output: PaneCount,
})
@HandleErrors(TmuxErrorMapper)
export class CountPanesTool implements ToolHandler<CountPanesInput, PaneCount> {
  // Services arrive by constructor injection: the container reads the parameter types from the
  // decorator metadata, which is why tsconfig.json turns on emitDecoratorMetadata
  // (docs/reference/configuration.md#plugin-projects).
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
  ) {}

  async execute(input: CountPanesInput): Promise<PaneCount> {
    const engine = this.pool.engine(input.socket_name);
    const [sessions, panes] = await Promise.all([this.hierarchy.sessions(engine), this.hierarchy.panes(engine, { all: true })]);
    const wanted = input.session_name == null ? sessions : sessions.filter((s) => s.session_name === input.session_name);
    // A domain error, not a ToolError: the mapper registered under ERROR_MAPPERS words it.
    if (input.session_name != null && !wanted.length) {
      throw new UnknownSessionError(
        input.session_name,
        sessions.map((s) => s.session_name),
      );
    }
    const ids = new Set(wanted.map((s) => s.session_id));
    const counted = panes.filter((p) => ids.has(p.session_id) && (!input.active_only || p.pane_active === '1'));
    return { panes: counted.length, sessions: wanted.length };
  }
}
