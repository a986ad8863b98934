import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import { BatchRunner } from './batch-runner.service';
import { ToolCallBatchInput } from './batch.input';

const TITLE = 'Call Destructive Tools Batch';

/**
 * Batch wrapper of tier destructive (docs/reference/tools.md#call_destructive_tools_batch,
 * docs/reference/tools.md#batch-wrappers); the tier is a ceiling for nested calls.
 */
@Tool({
  name: 'call_destructive_tools_batch',
  tier: 'destructive',
  title: TITLE,
  idempotentHint: false,
  openWorldHint: true,
  description:
    'Call tmux tools of any tier in order in one round trip; one result row per call, each call validated, checked and audited as usual. Prefer the readonly or mutating batch when enough. run_command and the waits cannot be batched.',
  input: ToolCallBatchInput,
  output: ToolCallBatchResult,
})
export class CallDestructiveToolsBatchTool implements ToolHandler<ToolCallBatchInput, ToolCallBatchResult> {
  constructor(private readonly runner: BatchRunner) {}

  execute(input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    return this.runner.run('destructive', input, ctx);
  }
}
