import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { CallTargets } from '../../services/call-targets.service';
import { RenameWindowInput } from './rename-window.input';
import { escapeFormat } from '../../services/tmux-escape';
import { WindowRefresh } from './window-refresh.service';

@TmuxTool({
  name: 'rename_window',
  tier: 'mutating',
  title: 'Rename tmux Window',
  description: 'Rename a tmux window (stored literally).',
  input: RenameWindowInput,
  output: WindowInfo,
})
export class RenameWindowTool implements ToolHandler<RenameWindowInput, WindowInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly refresh: WindowRefresh,
  ) {}

  async execute(input: RenameWindowInput): Promise<WindowInfo> {
    const { engine, window: w } = await this.targets.window(input);
    // docs/reference/tools.md#names-and-escaping: `#` doubled so `#(cmd)`/`#{fmt}` stay text; `--`
    // so a leading '-' is not a flag.
    await engine.run(['rename-window', '-t', w.window_id, '--', escapeFormat(input.new_name)]);
    return this.refresh.info(engine, w.window_id, w.session_id);
  }
}
