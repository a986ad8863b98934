import { TmuxTool } from '../common/tmux-tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { BufferRef } from '../../models/buffer-ref.model';
import { BufferStore } from '../../services/buffer-store.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { LoadBufferInput } from './load-buffer.input';

@TmuxTool({
  name: 'load_buffer',
  tier: 'mutating',
  title: 'Load tmux Buffer',
  idempotentHint: false,
  openWorldHint: true,
  description:
    'Stage text in a new tmux paste buffer with a unique name; returns a BufferRef for paste_buffer, show_buffer and delete_buffer. Removed at server shutdown.',
  input: LoadBufferInput,
  output: BufferRef,
})
export class LoadBufferTool implements ToolHandler<LoadBufferInput, BufferRef> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly buffers: BufferStore,
  ) {}

  async execute(input: LoadBufferInput, ctx: ToolCallContext): Promise<BufferRef> {
    const name = this.buffers.newName(input.logical_name);
    const engine = this.pool.engineOf(input);
    // The content travels on the stdin of the load-buffer subprocess, never argv, a control
    // line, a file or a shell (NUL allowed, docs/reference/protocol.md#strings); on a remote host
    // it goes through the ssh connection (docs/reference/engine.md#buffers).
    // Tracked before loading and kept on failure: a timed-out or cancelled load may still have
    // created the buffer, and deleting a name only we generated can never touch another's
    // (docs/reference/engine.md#buffer-cleanup).
    this.buffers.track(engine, name);
    await this.buffers.run(engine, 'load-buffer', name, ['load-buffer', '-b', name, '-'], ctx.signal, false, input.content);
    return { buffer_name: name, logical_name: input.logical_name };
  }
}
