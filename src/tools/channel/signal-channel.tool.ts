import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ChannelService } from '../../services/channel.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { SignalChannelInput } from './signal-channel.input';

@TmuxTool({
  name: 'signal_channel',
  tier: 'mutating',
  title: 'Signal tmux Channel',
  description: 'Signal a tmux wait-for channel, waking every waiter. With no waiter yet, tmux keeps the signal for the next one.',
  input: SignalChannelInput,
  output: String,
})
export class SignalChannelTool implements ToolHandler<SignalChannelInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly channels: ChannelService,
  ) {}

  async execute(input: SignalChannelInput, ctx: ToolCallContext): Promise<string> {
    this.channels.validate(input.channel);
    return this.channels.signal(this.pool.engineOf(input), input.channel, ctx.signal);
  }
}
