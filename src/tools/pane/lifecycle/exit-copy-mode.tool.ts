import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { LibTmuxException } from '../../../tmux/tmux-errors';
import { PaneOps } from './pane-ops.service';
import { PaneTargetInput } from './pane-target.input';

@TmuxTool({
  name: 'exit_copy_mode',
  tier: 'mutating',
  title: 'Exit Copy Mode',
  description: 'Leave copy mode (or any mode) in a tmux pane.',
  input: PaneTargetInput,
  output: PaneInfo,
})
export class ExitCopyModeTool implements ToolHandler<PaneTargetInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: PaneTargetInput): Promise<PaneInfo> {
    const { engine, paneId } = await this.panes.target(input);
    try {
      await engine.run(['send-keys', '-t', paneId, '-X', 'cancel']);
    } catch (err) {
      // The tool is advertised idempotent (docs/reference/tools.md#exit_copy_mode): a second call
      // finds the pane already out of copy mode, which tmux 3.3a reports as "not in a mode".
      if (!(err instanceof LibTmuxException && /not in a mode/.test(err.message))) throw err;
    }
    return this.panes.fresh(engine, paneId);
  }
}
