import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { HierarchyService } from '../../services/hierarchy.service';
import { ModelSerializer } from '../../services/model-serializer.service';
import { TargetResolver } from '../../services/target-resolver.service';
import type { TmuxEngine } from '../../tmux/tmux-engine';
import { TmuxObjectDoesNotExist } from '../../tmux/tmux-errors';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { SelectWindowInput } from './select-window.input';

export const SELECT_WINDOW_NO_TARGET = 'Provide window_id, window_index, or direction.';

const DIRECTION_COMMAND = { next: 'next-window', previous: 'previous-window', last: 'last-window' } as const;

@TmuxTool({
  name: 'select_window',
  tier: 'mutating',
  title: 'Select tmux Window',
  description: 'Make a window current in its tmux session, by id or index, or move next/previous/last.',
  input: SelectWindowInput,
  output: WindowInfo,
})
export class SelectWindowTool implements ToolHandler<SelectWindowInput, WindowInfo> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly serializer: ModelSerializer,
  ) {}

  async execute(input: SelectWindowInput): Promise<WindowInfo> {
    if (input.window_id == null && input.window_index == null && input.direction == null)
      throw new ExpectedToolError(SELECT_WINDOW_NO_TARGET);
    const engine = this.pool.engineOf(input);

    if (input.window_id != null || input.window_index != null) {
      const w = await this.resolver.window(engine, input);
      // `$S:@W` pins the session too: a window linked into several sessions is selected in the
      // resolved one (ids only, docs/reference/tools.md#explicit-targets).
      await engine.run(['select-window', '-t', `${w.session_id}:${w.window_id}`]);
      return this.fresh(engine, w.session_id, (r) => r.window_id === w.window_id);
    }

    // Session-scoped moves; tmux's own errors surface (`no last window`, `no next window`).
    const s = await this.resolver.session(engine, input);
    await engine.run([DIRECTION_COMMAND[input.direction!], '-t', s.session_id]);
    return this.fresh(engine, s.session_id, (r) => r.window_active === '1');
  }

  /** Re-reads the window after acting (docs/reference/tools.md#fresh-results). */
  private async fresh(engine: TmuxEngine, sessionId: string, pick: (r: Record<string, string>) => boolean): Promise<WindowInfo> {
    const row = (await this.hierarchy.windows(engine, sessionId)).find(pick);
    if (!row) throw new TmuxObjectDoesNotExist(`Could not find window for session ${sessionId}`);
    return this.serializer.window(row);
  }
}
