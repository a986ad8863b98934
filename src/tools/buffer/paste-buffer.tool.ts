import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
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
export class PasteBufferTool implements ToolHandler<PasteBufferInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly targets: TargetResolver,
    private readonly buffers: BufferStore,
    private readonly typed: TypedPanes,
  ) {}

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
