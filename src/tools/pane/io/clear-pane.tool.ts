import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { ClearPaneInput } from './clear-pane.input';

// Mutating tier, but it drops scrollback for good, hence destructiveHint (the mutating-destructive
// preset, docs/reference/tools.md#annotation-presets).
@TmuxTool({
  name: 'clear_pane',
  tier: 'mutating',
  title: 'Clear Pane',
  destructiveHint: true,
  idempotentHint: false,
  description: 'Clear a tmux pane: reset the terminal and drop its scrollback. The program keeps running.',
  input: ClearPaneInput,
  output: String,
})
export class ClearPaneTool implements ToolHandler<ClearPaneInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
  ) {}

  async execute(input: ClearPaneInput): Promise<string> {
    const engine = this.pool.engineOf(input);
    const pane = (await this.targets.pane(engine, input)).pane_id;
    // Two commands rather than one `a ; b` argv: a `;` word means a separator only to the
    // subprocess parser, so the control-mode engine would pass it on literally
    // (docs/reference/tools.md#clear_pane, docs/reference/engine.md#trailing-semicolon).
    await engine.run(['send-keys', '-t', pane, '-R']);
    await engine.run(['clear-history', '-t', pane]);
    return `Pane cleared: ${pane}`;
  }
}
