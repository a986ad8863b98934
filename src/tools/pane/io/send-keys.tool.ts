import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { DescribesCall } from '../../../framework/confirm/confirm';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { CallDescriber, shownText } from '../../../services/call-describer.service';
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
export class SendKeysTool implements ToolHandler<SendKeysInput, string>, DescribesCall<SendKeysInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
    private readonly typed: TypedPanes,
  ) {}

  /** The question of docs/reference/safety.md#confirmation: the keys and the pane. */
  describeCall(input: SendKeysInput, ctx: ToolCallContext): Promise<string> {
    return ctx.get(CallDescriber).typing(input, `Send keys ${shownText(input.keys)}${input.enter ? ' and Enter' : ''}`, 'to');
  }

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
