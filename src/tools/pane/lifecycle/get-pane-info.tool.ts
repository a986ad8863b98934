import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { PaneOps } from './pane-ops.service';
import { PaneTargetInput } from './pane-target.input';

@TmuxTool({
  name: 'get_pane_info',
  tier: 'readonly',
  title: 'Get Pane Info',
  description: "Get a tmux pane's metadata: size, position, pid, tty, command, path, title, active flag.",
  input: PaneTargetInput,
  output: PaneInfo,
})
export class GetPaneInfoTool implements ToolHandler<PaneTargetInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: PaneTargetInput): Promise<PaneInfo> {
    const { engine, row } = await this.panes.target(input);
    return this.panes.toInfo(engine, row);
  }
}
