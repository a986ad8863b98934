import { TmuxTool } from '../../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { DescribesCall } from '../../../framework/confirm/confirm';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { CallDescriber, shownText } from '../../../services/call-describer.service';
import { PasteService } from '../../../services/paste.service';
import { TargetResolver } from '../../../services/target-resolver.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { PasteTextInput } from './paste-text.input';

@TmuxTool({
  name: 'paste_text',
  tier: 'mutating',
  title: 'Paste Text',
  idempotentHint: false,
  openWorldHint: true,
  description: 'Paste text into a tmux pane (bracketed by default) for large or multi-line text. No Enter pressed, no buffer left.',
  input: PasteTextInput,
  output: String,
})
export class PasteTextTool implements ToolHandler<PasteTextInput, string>, DescribesCall<PasteTextInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
    private readonly paste: PasteService,
  ) {}

  /** The question of docs/reference/safety.md#confirmation: the text and the pane. */
  describeCall(input: PasteTextInput, ctx: ToolCallContext): Promise<string> {
    return ctx.get(CallDescriber).typing(input, `Paste ${shownText(input.text)}`, 'into');
  }

  async execute(input: PasteTextInput, ctx: ToolCallContext): Promise<string> {
    const engine = this.pool.engineOf(input);
    const pane = (await this.targets.pane(engine, input)).pane_id;
    await this.paste.paste(engine, pane, input.text, input.bracket, ctx.signal);
    return `Text pasted to pane ${pane}`;
  }
}
