import { TmuxTool } from '../../common/tmux-tool.decorator';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { DescribesCall } from '../../../framework/confirm/confirm';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { CallDescriber } from '../../../services/call-describer.service';
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
export class KillPaneTool implements ToolHandler<KillPaneInput, string>, DescribesCall<KillPaneInput> {
  constructor(private readonly panes: PaneOps) {}

  /** The question of docs/reference/safety.md#confirmation, after the self-kill guard. */
  async describeCall(input: KillPaneInput, ctx: ToolCallContext): Promise<string> {
    const { engine, pane } = await this.target(input);
    return ctx.get(CallDescriber).killPane(engine, pane);
  }

  async execute(input: KillPaneInput): Promise<string> {
    const { engine, pane } = await this.target(input);
    const paneId = pane.pane_id;
    await engine.run(['kill-pane', '-t', paneId]);
    return `Pane killed: ${paneId}`;
  }

  private async target(input: KillPaneInput) {
    const engine = this.panes.engineOf(input);
    // The self-kill guard runs FIRST, before resolution (docs/reference/tools.md#kill_pane).
    if (await this.panes.isCallerPane(engine, input.pane_id))
      throw new ExpectedToolError('Refusing to kill the pane running this MCP server. Use a manual tmux command if intended.');
    return { engine, pane: await this.panes.byId(engine, input.pane_id) };
  }
}
