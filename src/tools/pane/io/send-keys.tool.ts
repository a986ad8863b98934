import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { TypedPanes } from '../../../services/typed-panes.service';
import { enterArgv, sendKeysArgv } from './send-keys-argv';
import { SendKeysInput } from './send-keys.input';

@TmuxTool({
  name: 'send_keys',
  tier: 'mutating',
  title: 'Send Keys',
  idempotentHint: false,
  openWorldHint: true,
  description:
    'Type keys into a tmux pane, then Enter unless enter=false. Does not wait: use run_command for results, paste_text for long text.',
  input: SendKeysInput,
  output: String,
})
export class SendKeysTool implements ToolHandler<SendKeysInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
    private readonly typed: TypedPanes,
  ) {}

  async execute(input: SendKeysInput): Promise<string> {
    const engine = this.pool.engineOf(input);
    const pane = (await this.targets.pane(engine, input)).pane_id;
    // One atomic list with the look at the pane that the next wait_for_text counts from
    // (docs/reference/tools.md#wait_for_text); the Enter is still a command of its own.
    await this.typed.type(engine, pane, [
      sendKeysArgv(pane, input.keys, input.literal, input.suppress_history),
      ...(input.enter ? [enterArgv(pane)] : []),
    ]);
    return `Keys sent to pane ${pane}`;
  }
}
