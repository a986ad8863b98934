import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { safeRepr } from '../../framework/validation/safe-repr';
import { BufferStore } from '../../services/buffer-store.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { DeleteBufferInput } from './delete-buffer.input';

@TmuxTool({
  name: 'delete_buffer',
  tier: 'mutating',
  title: 'Delete tmux Buffer',
  description: 'Delete a paste buffer staged by load_buffer.',
  input: DeleteBufferInput,
  output: String,
})
export class DeleteBufferTool implements ToolHandler<DeleteBufferInput, string> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly buffers: BufferStore,
  ) {}

  async execute(input: DeleteBufferInput, ctx: ToolCallContext): Promise<string> {
    const name = input.buffer_name;
    this.buffers.assertName(name);
    const engine = this.pool.engineOf(input);
    await this.buffers.run(engine, 'delete-buffer', name, ['delete-buffer', '-b', name], ctx.signal);
    this.buffers.untrack(engine, name);
    return `Buffer ${safeRepr(name)} deleted`;
  }
}
