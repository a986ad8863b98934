import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { EnterCopyModeInput } from './enter-copy-mode.input';
import { PaneOps } from './pane-ops.service';

// The create preset (docs/reference/tools.md#annotation-presets): each call with scroll_up scrolls further.
@TmuxTool({
  name: 'enter_copy_mode',
  tier: 'mutating',
  title: 'Enter Copy Mode',
  idempotentHint: false,
  description: 'Enter copy mode in a tmux pane, optionally scrolled up into the scrollback; exit_copy_mode leaves it.',
  input: EnterCopyModeInput,
  output: PaneInfo,
})
export class EnterCopyModeTool implements ToolHandler<EnterCopyModeInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: EnterCopyModeInput): Promise<PaneInfo> {
    const { engine, paneId } = await this.panes.target(input);
    await engine.run(['copy-mode', '-t', paneId]);
    if (input.scroll_up !== null) await engine.run(['send-keys', '-t', paneId, '-X', '-N', String(input.scroll_up), 'scroll-up']);
    return this.panes.fresh(engine, paneId);
  }
}
