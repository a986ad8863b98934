import { TmuxTool } from '../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../framework/errors/tool-errors';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { safeText } from '../../framework/validation/safe-repr';
import { WindowInfo } from '../../models/window-info.model';
import { CallTargets } from '../../services/call-targets.service';
import { isValidLayout } from './layout-validator';
import { SelectLayoutInput } from './select-layout.input';
import { WindowRefresh } from './window-refresh.service';

@TmuxTool({
  name: 'select_layout',
  tier: 'mutating',
  title: 'Select tmux Layout',
  description: "Arrange a tmux window's panes: even-horizontal, even-vertical, main-horizontal, main-vertical, tiled or a custom layout.",
  input: SelectLayoutInput,
  output: WindowInfo,
})
export class SelectLayoutTool implements ToolHandler<SelectLayoutInput, WindowInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly refresh: WindowRefresh,
  ) {}

  async execute(input: SelectLayoutInput): Promise<WindowInfo> {
    // A malformed layout can crash tmux 3.3a (docs/reference/engine.md#layout-crash), so it is
    // refused before anything is sent.
    if (!isValidLayout(input.layout)) throw new ExpectedToolError(`Invalid layout: '${safeText(input.layout)}'`);
    const { engine, window: w } = await this.targets.window(input);
    await engine.run(['select-layout', '-t', w.window_id, '--', input.layout]);
    // Re-read (docs/reference/tools.md#fresh-results), so window_layout is the layout tmux applied.
    return this.refresh.info(engine, w.window_id, w.session_id);
  }
}
