import { TmuxTool } from '../common/tmux-tool.decorator';
import { TAGS } from '../../framework/metadata/tool-metadata';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ChannelService } from '../../services/channel.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { WaitForChannelInput } from './wait-for-channel.input';

@TmuxTool({
  name: 'wait_for_channel',
  tier: 'mutating',
  title: 'Wait For tmux Channel',
  tags: [TAGS.SELF_BOUNDED],
  description:
    'Wait until a tmux wait-for channel is signalled (`cmd; tmux wait-for -S chan` in a shell) or the timeout. Best for commands you author.',
  input: WaitForChannelInput,
  output: String,
})
export class WaitForChannelTool implements ToolHandler<WaitForChannelInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly channels: ChannelService,
  ) {}

  async execute(input: WaitForChannelInput, ctx: ToolCallContext): Promise<string> {
    this.channels.validate(input.channel);
    const engine = this.pool.engineOf(input);
    return this.channels.wait(engine, input.channel, input.timeout, ctx.signal, ctx.progress);
  }
}
