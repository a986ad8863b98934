import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { KillPaneInput } from './kill-pane.input';
import { PaneOps } from './pane-ops.service';

@TmuxTool({
  name: 'kill_pane',
  tier: 'destructive',
  title: 'Kill Pane',
  description: 'Kill a tmux pane and its process, by exact pane_id.',
  input: KillPaneInput,
  output: String,
})
export class KillPaneTool implements ToolHandler<KillPaneInput, string> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: KillPaneInput): Promise<string> {
    const engine = this.panes.engineOf(input);
    // The self-kill guard runs FIRST, before resolution (docs/reference/tools.md#kill_pane).
    if (await this.panes.isCallerPane(engine, input.pane_id))
      throw new ExpectedToolError('Refusing to kill the pane running this MCP server. Use a manual tmux command if intended.');
    const paneId = (await this.panes.byId(engine, input.pane_id)).pane_id;
    await engine.run(['kill-pane', '-t', paneId]);
    return `Pane killed: ${paneId}`;
  }
}
