import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { PaneOps } from './pane-ops.service';
import { SetPaneTitleInput } from './set-pane-title.input';
import { escapeFormat } from '../../../services/tmux-escape';

@TmuxTool({
  name: 'set_pane_title',
  tier: 'mutating',
  title: 'Set Pane Title',
  description: "Set a tmux pane's title (to label it).",
  input: SetPaneTitleInput,
  output: PaneInfo,
})
export class SetPaneTitleTool implements ToolHandler<SetPaneTitleInput, PaneInfo> {
  constructor(private readonly panes: PaneOps) {}

  async execute(input: SetPaneTitleInput): Promise<PaneInfo> {
    const { engine, paneId } = await this.panes.target(input);
    // `select-pane -T` format-expands the title, so `#(cmd)` would run a command: escape it so
    // the title reads back exactly as given (docs/reference/tools.md#names-and-escaping).
    await engine.run(['select-pane', '-t', paneId, '-T', escapeFormat(input.title)]);
    return this.panes.fresh(engine, paneId); // never the stale title (docs/reference/tools.md#fresh-results)
  }
}
