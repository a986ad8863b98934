import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { PaneOps } from './pane-ops.service';
import { SwapPaneInput } from './swap-pane.input';

// The create preset (docs/reference/tools.md#annotation-presets): swapping twice undoes the first
// swap, so not idempotent.
@TmuxTool({
  name: 'swap_pane',
  tier: 'mutating',
  title: 'Swap Pane',
  idempotentHint: false,
  description: 'Swap the places of two tmux panes (may be in different windows); ids stay with their processes.',
  input: SwapPaneInput,
  output: PaneInfo,
})
export class SwapPaneTool implements ToolHandler<SwapPaneInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: SwapPaneInput): Promise<PaneInfo> {
    const engine = this.panes.engineOf(input);
    const source = (await this.panes.byId(engine, input.source_pane_id)).pane_id;
    const target = (await this.panes.byId(engine, input.target_pane_id)).pane_id;
    await engine.run(['swap-pane', '-t', source, '-s', target]);
    return this.panes.fresh(engine, source);
  }
}
