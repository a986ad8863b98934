import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import type { Row } from '../../../services/tmux-formats';
import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { PaneOps } from './pane-ops.service';
import { PaneDirection, SelectPaneInput } from './select-pane.input';

/** tmux `select-pane` flags of the geometric directions and "last" (docs/reference/tools.md#select_pane). */
const FLAGS: Partial<Record<PaneDirection, string>> = { up: '-U', down: '-D', left: '-L', right: '-R', last: '-l' };

@TmuxTool({
  name: 'select_pane',
  tier: 'mutating',
  title: 'Select Pane',
  description: "Focus a tmux pane by id, or move focus from a window's active pane. Returns the active pane.",
  input: SelectPaneInput,
  output: PaneInfo,
})
export class SelectPaneTool implements ToolHandler<SelectPaneInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: SelectPaneInput): Promise<PaneInfo> {
    if (input.pane_id === null && input.direction === null) throw new ExpectedToolError('Provide either pane_id or direction.');
    const engine = this.panes.engineOf(input);
    if (input.pane_id !== null) {
      const paneId = (await this.panes.byId(engine, input.pane_id)).pane_id;
      await engine.run(['select-pane', '-t', paneId]);
      return this.panes.fresh(engine, paneId);
    }
    const windowId = (await this.panes.window(engine, input)).window_id;
    const flag = FLAGS[input.direction!];
    // tmux 3.3a resolves `-t @W` to the window's active pane, and `-l` to that window's last
    // pane ("no last pane" surfaces as a tmux error).
    if (flag) await engine.run(['select-pane', '-t', windowId, flag]);
    else await this.cycle(engine, windowId, input.direction === 'next' ? 1 : -1);
    // The now-active pane, read fresh from tmux.
    return this.panes.toInfo(engine, await this.panes.activeOf(engine, windowId));
  }

  /**
   * next/previous by absolute pane id (docs/reference/tools.md#select_pane): tmux's relative
   * targets (`+`, `@W.+`) depend on the client's current window and on the tmux version.
   */
  private async cycle(engine: TmuxEngine, windowId: string, step: number): Promise<void> {
    const rows: Row[] = await this.panes.panesOf(engine, windowId);
    if (!rows.length) return;
    const at = Math.max(
      0,
      rows.findIndex((r) => r.pane_active === '1'),
    );
    const target = rows[(at + step + rows.length) % rows.length];
    await engine.run(['select-pane', '-t', target.pane_id]);
  }
}
