import { HandleErrors } from '../../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../../framework/decorators/tool.decorator';
import type { ToolHandler } from '../../../framework/pipeline/tool-dispatcher';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxErrorMapper } from '../../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { enterArgv, sendKeysArgv } from './send-keys-argv';
import { SendKeysInput } from './send-keys.input';

@Tool('mutating', { title: 'Send Keys', idempotentHint: false, openWorldHint: true })
@HandleErrors(TmuxErrorMapper)
export class SendKeysTool implements ToolHandler<SendKeysInput, string> {
  static readonly toolName = 'send_keys';
  static readonly description =
    'Type keys into a tmux pane, then Enter unless enter=false. Does not wait: use run_command for results, paste_text for long text.';
  static readonly Input = SendKeysInput;
  static readonly Output = String;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
  ) {}

  async execute(input: SendKeysInput): Promise<string> {
    const engine = this.pool.engine(input.socket_name, input.host);
    const pane = (await this.targets.pane(engine, input)).pane_id;
    await engine.run(sendKeysArgv(pane, input.keys, input.literal, input.suppress_history));
    if (input.enter) await engine.run(enterArgv(pane));
    return `Keys sent to pane ${pane}`;
  }
}
