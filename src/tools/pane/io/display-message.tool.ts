import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { DisplayMessageInput } from './display-message.input';
import { assertSafeFormat } from './format-guard';

@TmuxTool({
  name: 'display_message',
  tier: 'readonly',
  title: 'Evaluate tmux Format String',
  description: "Expand a tmux format string in a pane's context (display-message -p); reads tmux state only.",
  input: DisplayMessageInput,
  output: String,
})
export class DisplayMessageTool implements ToolHandler<DisplayMessageInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
  ) {}

  async execute(input: DisplayMessageInput): Promise<string> {
    assertSafeFormat(input.format_string);
    const engine = this.pool.engineOf(input);
    const pane = (await this.targets.pane(engine, input)).pane_id;
    // `--`: a format starting with '-' is text, not a flag.
    return (await engine.run(['display-message', '-p', '-t', pane, '--', input.format_string])).join('\n');
  }
}
