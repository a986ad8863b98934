import { TmuxTool } from '../common/tmux-tool.decorator';
import type { DescribesCall } from '../../framework/confirm/confirm';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { CallDescriber, shownText } from '../../services/call-describer.service';
import { safeRepr } from '../../framework/validation/safe-repr';
import { BufferStore } from '../../services/buffer-store.service';
import { TargetResolver } from '../../services/target-resolver.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { TypedPanes } from '../../services/typed-panes.service';
import { PasteBufferInput } from './paste-buffer.input';

@TmuxTool({
  name: 'paste_buffer',
  tier: 'mutating',
  title: 'Paste tmux Buffer',
  idempotentHint: false,
  openWorldHint: true,
  description: 'Paste a buffer staged by load_buffer into a tmux pane as input. The buffer is kept.',
  input: PasteBufferInput,
  output: String,
})
export class PasteBufferTool implements ToolHandler<PasteBufferInput, string>, DescribesCall<PasteBufferInput> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
    private readonly buffers: BufferStore,
    private readonly typed: TypedPanes,
  ) {}

  /** The question of docs/reference/safety.md#confirmation: the buffer's text and the pane. */
  async describeCall(input: PasteBufferInput, ctx: ToolCallContext): Promise<string> {
    this.buffers.assertName(input.buffer_name);
    const engine = this.pool.engineOf(input);
    const text = await this.buffers.run(
      engine,
      'show-buffer',
      input.buffer_name,
      ['show-buffer', '-b', input.buffer_name],
      ctx.signal,
      true,
    );
    return ctx.get(CallDescriber).typing(input, `Paste buffer ${safeRepr(input.buffer_name)} (${shownText(text)})`, 'into');
  }

  async execute(input: PasteBufferInput): Promise<string> {
    this.buffers.assertName(input.buffer_name);
    const engine = this.pool.engineOf(input);
    const pane = await this.targets.pane(engine, input);
    // No -d: the buffer is kept (docs/reference/tools.md#paste_buffer); -p = bracketed paste.
    // With the look the next wait_for_text counts from (docs/reference/tools.md#wait_for_text).
    await this.typed.type(engine, pane.pane_id, [
      ['paste-buffer', '-t', pane.pane_id, '-b', input.buffer_name, ...(input.bracket ? ['-p'] : [])],
    ]);
    return `Buffer ${safeRepr(input.buffer_name)} pasted to pane ${pane.pane_id}`;
  }
}
