import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { safeRepr } from '../../framework/validation/safe-repr';
import { BufferStore } from '../../services/buffer-store.service';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { DeleteBufferInput } from './delete-buffer.input';

@Tool('mutating', { title: 'Delete tmux Buffer' })
@HandleErrors(TmuxErrorMapper)
export class DeleteBufferTool implements ToolHandler<DeleteBufferInput, string> {
  static readonly toolName = 'delete_buffer';
  static readonly description = 'Delete a paste buffer staged by load_buffer.';
  static readonly Input = DeleteBufferInput;
  static readonly Output = String;

  constructor(
    private readonly pool: TmuxServerPool,
    private readonly buffers: BufferStore,
  ) {}

  async execute(input: DeleteBufferInput, ctx: ToolCallContext): Promise<string> {
    const name = input.buffer_name;
    this.buffers.assertName(name);
    const engine = this.pool.engine(input.socket_name, input.host);
    await this.buffers.run(engine, 'delete-buffer', name, ['delete-buffer', '-b', name], ctx.signal);
    this.buffers.untrack(engine, name);
    return `Buffer ${safeRepr(name)} deleted`;
  }
}
