import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { WindowInfo } from '../../models/window-info.model';
import { CallTargets } from '../../services/call-targets.service';
import { ResizeWindowInput } from './resize-window.input';
import { WindowRefresh } from './window-refresh.service';

@TmuxTool({
  name: 'resize_window',
  tier: 'mutating',
  title: 'Resize tmux Window',
  description: 'Resize a tmux window (height lines, width columns).',
  input: ResizeWindowInput,
  output: WindowInfo,
})
export class ResizeWindowTool implements ToolHandler<ResizeWindowInput, WindowInfo> {
  constructor(
    private readonly targets: CallTargets,
    private readonly refresh: WindowRefresh,
  ) {}

  async execute(input: ResizeWindowInput): Promise<WindowInfo> {
    const { engine, window: w } = await this.targets.window(input);
    const args = ['resize-window', '-t', w.window_id];
    if (input.width != null) args.push('-x', String(input.width));
    if (input.height != null) args.push('-y', String(input.height));
    // Without a size, `resize-window` would still pin the window to a manual size (tmux sets
    // window-size=manual): nothing is sent, the current info is returned.
    if (args.length > 3) await engine.run(args);
    return this.refresh.info(engine, w.window_id, w.session_id);
  }
}
