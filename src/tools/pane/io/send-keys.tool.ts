import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
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
  ) {}

  async execute(input: SendKeysInput): Promise<string> {
    const engine = this.pool.engineOf(input);
    const pane = (await this.targets.pane(engine, input)).pane_id;
    await engine.run(sendKeysArgv(pane, input.keys, input.literal, input.suppress_history));
    if (input.enter) await engine.run(enterArgv(pane));
    return `Keys sent to pane ${pane}`;
  }
}
