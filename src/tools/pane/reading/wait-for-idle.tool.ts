import { TmuxTool } from '../../common/tmux-tool.decorator';
import { inject } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../../../config/server-config';
import { TAGS } from '../../../framework/metadata/tool-metadata';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { WaitForIdleResult } from '../../../models/wait-for-idle-result.model';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { WaitForIdleService } from '../../../services/wait-for-idle.service';
import { WaitForIdleInput } from './wait-for-idle.input';

/** docs/reference/tools.md#wait_for_idle: wait_for_text's annotations and tags (readonly, self-bounded). */
@TmuxTool({
  name: 'wait_for_idle',
  tier: 'readonly',
  title: 'Wait For Idle',
  tags: [TAGS.SELF_BOUNDED],
  description: 'Wait until a tmux pane is quiet for idle_seconds or the timeout; returns the last lines. For output you cannot predict.',
  input: WaitForIdleInput,
  output: WaitForIdleResult,
})
export class WaitForIdleTool implements ToolHandler<WaitForIdleInput, WaitForIdleResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly waits: WaitForIdleService,
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(input: WaitForIdleInput, ctx: ToolCallContext): Promise<WaitForIdleResult> {
    return this.waits.run(
      this.pool.engineOf(input),
      {
        idleSeconds: input.idle_seconds,
        effectiveTimeout: Math.min(input.timeout, this.config.waitMaxSeconds),
        maxLines: input.max_lines,
        target: input,
      },
      ctx,
    );
  }
}
