import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { paneAtCorner } from './corner';
import { FindPaneByPositionInput } from './find-pane-by-position.input';
import { PaneOps } from './pane-ops.service';

@TmuxTool({
  name: 'find_pane_by_position',
  tier: 'readonly',
  title: 'Find Pane By Position',
  description: 'Find the tmux pane in a corner of a window (e.g. bottom-right).',
  input: FindPaneByPositionInput,
  output: PaneInfo,
})
export class FindPaneByPositionTool implements ToolHandler<FindPaneByPositionInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: FindPaneByPositionInput): Promise<PaneInfo> {
    const engine = this.panes.engineOf(input);
    const windowId = (await this.panes.window(engine, input)).window_id;
    const row = paneAtCorner(await this.panes.panesOf(engine, windowId), input.corner);
    if (!row)
      throw new ExpectedToolError(`No pane found at corner '${input.corner}' in window ${windowId}.`, {
        suggestion: "Call list_panes for this window to inspect the panes' geometry (pane_left/top/right/bottom, pane_at_*).",
      });
    return this.panes.toInfo(engine, row);
  }
}
