import { HandleErrors, HierarchyService, Tool, TmuxErrorMapper, TmuxServerPool, type ToolHandler } from 'tmux-mcp-ts';
import { PaneTreeInput } from './pane-tree.input';

/**
 * An example tool: the whole tmux hierarchy as an indented tree, in one call.
 * Services come by constructor injection; errors from tmux are mapped by TmuxErrorMapper.
 */
@Tool({
  name: 'pane_tree',
  tier: 'readonly',
  title: 'Pane Tree',
  description: 'Show the tmux sessions, windows and panes of a server as an indented tree.',
  input: PaneTreeInput,
  output: String,
})
@HandleErrors(TmuxErrorMapper)
export class PaneTreeTool implements ToolHandler<PaneTreeInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
  ) {}

  async execute(input: PaneTreeInput): Promise<string> {
    const engine = this.pool.engine(input.socket_name);
    const [sessions, windows, panes] = await Promise.all([
      this.hierarchy.sessions(engine),
      this.hierarchy.windows(engine),
      this.hierarchy.panes(engine, { all: true }),
    ]);
    if (!sessions.length) return '(no tmux server or no sessions)';
    const out: string[] = [];
    for (const s of sessions.filter((x) => input.session_name == null || x.session_name === input.session_name)) {
      out.push(`${s.session_id} ${s.session_name}`);
      for (const w of windows.filter((x) => x.session_id === s.session_id)) {
        out.push(`  ${w.window_id} ${w.window_index}:${w.window_name}${w.window_active === '1' ? ' *' : ''}`);
        for (const p of panes.filter((x) => x.window_id === w.window_id && x.session_id === s.session_id)) {
          const cmd = input.show_commands ? ` [${p.pane_current_command}]` : '';
          out.push(`    ${p.pane_id} ${p.pane_width}x${p.pane_height}${p.pane_active === '1' ? ' *' : ''}${cmd}`);
        }
      }
    }
    return out.join('\n');
  }
}
