import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { PaneInfo } from '../../../models/pane-info.model';
import { PaneOps } from './pane-ops.service';
import { SetPaneTitleInput } from './set-pane-title.input';
import { escapeFormat } from '../../../services/tmux-escape';

@TmuxTool('mutating', { title: 'Set Pane Title' })
export class SetPaneTitleTool implements ToolHandler<SetPaneTitleInput, PaneInfo> {
  static readonly toolName = 'set_pane_title';
  static readonly description = "Set a tmux pane's title (to label it).";
  static readonly Input = SetPaneTitleInput;
  static readonly Output = PaneInfo;

  constructor(private readonly panes: PaneOps) {}

  async execute(input: SetPaneTitleInput): Promise<PaneInfo> {
    const engine = this.panes.engine(input.socket_name, input.host);
    const paneId = (await this.panes.resolve(engine, input)).pane_id;
    // `select-pane -T` format-expands the title, so `#(cmd)` would run a command: escape it so
    // the title reads back exactly as given (docs/reference/tools.md#names-and-escaping).
    await engine.run(['select-pane', '-t', paneId, '-T', escapeFormat(input.title)]);
    return this.panes.fresh(engine, paneId); // never the stale title (docs/reference/tools.md#fresh-results)
  }
}
