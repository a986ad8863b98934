import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { ChannelService } from '../../services/channel.service';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { SignalChannelInput } from './signal-channel.input';

@Tool('mutating', { title: 'Signal tmux Channel' })
@HandleErrors(TmuxErrorMapper)
export class SignalChannelTool implements ToolHandler<SignalChannelInput, string> {
  static readonly toolName = 'signal_channel';
  static readonly description =
    'Signal a tmux wait-for channel, waking every waiter. With no waiter yet, tmux keeps the signal for the next one.';
  static readonly Input = SignalChannelInput;
  static readonly Output = String;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly channels: ChannelService,
  ) {}

  async execute(input: SignalChannelInput, ctx: ToolCallContext): Promise<string> {
    this.channels.validate(input.channel);
    return this.channels.signal(this.pool.engine(input.socket_name, input.host), input.channel, ctx.signal);
  }
}
