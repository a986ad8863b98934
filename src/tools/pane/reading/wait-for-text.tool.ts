import { TmuxTool } from '../../common/tmux-tool.decorator';
import { inject } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../../../config/server-config';
import { TAGS } from '../../../framework/metadata/tool-metadata';
import { ExpectedToolError } from '../../../framework/errors/tool-errors';
import type { ToolCallContext } from '../../../framework/pipeline/call-context';
import type { ToolHandler } from '../../../framework/pipeline/tool-handler';
import { WaitForTextResult } from '../../../models/wait-for-text-result.model';
import { type CallerPattern, compilePattern } from '../../../services/search-pattern';
import { WaitForTextService } from '../../../services/wait-for-text.service';
import { TmuxServerPool } from '../../../services/tmux-server-pool.service';
import { WaitForTextInput } from './wait-for-text.input';

@TmuxTool({
  name: 'wait_for_text',
  tier: 'readonly',
  title: 'Wait For Text',
  tags: [TAGS.SELF_BOUNDED],
  description:
    'Wait until new output in a tmux pane matches patterns (or stop), up to the timeout; earlier text never matches. For output you do not control.',
  input: WaitForTextInput,
  output: WaitForTextResult,
})
export class WaitForTextTool implements ToolHandler<WaitForTextInput, WaitForTextResult> {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly waits: WaitForTextService,
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  private async compile(values: string[], label: string, input: WaitForTextInput, ctx: ToolCallContext): Promise<CallerPattern[]> {
    const out: CallerPattern[] = [];
    for (const v of values) {
      if (!v) throw new ExpectedToolError(`${label} pattern must be a non-empty string`);
      try {
        out.push(compilePattern(v, input.regex, input.match_case));
      } catch (err) {
        // docs/reference/tools.md#wait_for_text: a bad regex is also sent to the client as an MCP warning.
        await ctx.notify('warning', (err as Error).message).catch(() => undefined);
        throw err;
      }
    }
    return out;
  }

  async execute(input: WaitForTextInput, ctx: ToolCallContext): Promise<WaitForTextResult> {
    // Numbers print in their shortest form (docs/reference/tools.md#numbers-in-texts).
    if (input.interval < 0.01) throw new ExpectedToolError(`interval must be at least 0.01 s (received ${input.interval})`);
    if (input.timeout <= 0) throw new ExpectedToolError(`timeout must be positive (received ${input.timeout})`);
    if (input.patterns !== null && input.patterns.length === 0)
      throw new ExpectedToolError('patterns must be a non-empty list, or null to wait for any new output');
    const patterns = input.patterns === null ? null : await this.compile(input.patterns, 'patterns', input, ctx);
    const stop = await this.compile(input.stop ?? [], 'stop', input, ctx);
    return this.waits.run(
      this.pool.engineOf(input),
      {
        patterns,
        stop,
        effectiveTimeout: Math.min(input.timeout, this.config.waitMaxSeconds),
        intervalMs: input.interval * 1000,
        target: input,
      },
      ctx,
    );
  }
}
