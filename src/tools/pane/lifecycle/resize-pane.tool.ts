import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { PaneOps } from './pane-ops.service';
import { ResizePaneInput } from './resize-pane.input';

@TmuxTool({
  name: 'resize_pane',
  tier: 'mutating',
  title: 'Resize Pane',
  description: 'Resize a tmux pane (height lines, width columns) or zoom/unzoom it.',
  input: ResizePaneInput,
  output: PaneInfo,
})
export class ResizePaneTool implements ToolHandler<ResizePaneInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: ResizePaneInput): Promise<PaneInfo> {
    if (input.zoom !== null && (input.height !== null || input.width !== null))
      throw new ExpectedToolError('Cannot combine zoom with height/width');
    const { engine, paneId } = await this.panes.target(input);
    if (input.zoom !== null) await this.zoom(engine, paneId, input.zoom);
    else if (input.height !== null || input.width !== null) {
      const args = ['resize-pane', '-t', paneId];
      if (input.height !== null) args.push('-y', String(input.height));
      if (input.width !== null) args.push('-x', String(input.width));
      await engine.run(args);
    }
    // Nothing requested: no tmux call at all (a bare `resize-pane` would silently unzoom).
    return this.panes.fresh(engine, paneId);
  }

  /**
   * zoom=true/false is idempotent (docs/reference/tools.md#resize_pane): `resize-pane -Z` toggles,
   * so read the window's state first. A window zoomed on ANOTHER pane is unzoomed and re-zoomed on
   * this one, so zoom=true always ends with this pane zoomed.
   */
  private async zoom(engine: TmuxEngine, paneId: string, want: boolean): Promise<void> {
    const [line = ''] = await engine.run(['display-message', '-p', '-t', paneId, '#{window_zoomed_flag} #{pane_active}']);
    const [zoomed, active] = line.split(' ').map((s) => s === '1');
    const toggle = () => engine.run(['resize-pane', '-t', paneId, '-Z']);
    if (want) {
      if (zoomed && active) return;
      if (zoomed) await toggle();
      await toggle();
    } else if (zoomed) await toggle();
  }
}
