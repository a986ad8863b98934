import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ChannelService } from '../../services/channel.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { SignalChannelInput } from './signal-channel.input';

@TmuxTool('mutating', { title: 'Signal tmux Channel' })
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
    return this.channels.signal(this.pool.engineOf(input), input.channel, ctx.signal);
  }
}
