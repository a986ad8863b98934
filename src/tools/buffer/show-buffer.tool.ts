import { TmuxTool } from '../common/tmux-tool.decorator';
import { splitLines } from '../../framework/output/text-lines';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { BufferContent } from '../../models/buffer-content.model';
import { BufferStore } from '../../services/buffer-store.service';
import { TmuxServerPool } from '../../services/tmux-server-pool.service';
import { ShowBufferInput } from './show-buffer.input';

@TmuxTool({
  name: 'show_buffer',
  tier: 'readonly',
  title: 'Show tmux Buffer',
  responseLimit: { field: 'content', truncatedFlag: 'content_truncated', countFlag: 'content_truncated_lines' },
  description: 'Read back a paste buffer staged by load_buffer (other buffers are not readable); the last max_lines lines when longer.',
  input: ShowBufferInput,
  output: BufferContent,
})
export class ShowBufferTool implements ToolHandler<ShowBufferInput, BufferContent> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly buffers: BufferStore,
  ) {}

  async execute(input: ShowBufferInput, ctx: ToolCallContext): Promise<BufferContent> {
    const name = input.buffer_name;
    this.buffers.assertName(name);
    const engine = this.pool.engineOf(input);
    // runRaw: byte-for-byte, a final newline included (docs/reference/tools.md#show_buffer).
    const content = await this.buffers.run(engine, 'show-buffer', name, ['show-buffer', '-b', name], ctx.signal, true);
    if (input.max_lines != null) {
      const lines = splitLines(content);
      if (lines.length > input.max_lines) {
        return {
          buffer_name: name,
          content: lines.slice(-input.max_lines).join('\n'),
          content_truncated: true,
          content_truncated_lines: lines.length - input.max_lines,
        };
      }
    }
    return { buffer_name: name, content, content_truncated: false, content_truncated_lines: 0 };
  }
}
