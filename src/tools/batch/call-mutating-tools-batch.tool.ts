import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import { BatchRunner } from './batch-runner.service';
import { ToolCallBatchInput } from './batch.input';

const TITLE = 'Call Mutating Tools Batch';

/**
 * Batch wrapper of tier mutating (docs/reference/tools.md#call_mutating_tools_batch,
 * docs/reference/tools.md#batch-wrappers); the tier is a ceiling for nested calls.
 */
@Tool({
  name: 'call_mutating_tools_batch',
  tier: 'mutating',
  title: TITLE,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
  description:
    'Call readonly or mutating tmux tools in order in one round trip (e.g. create, split, send keys, read back); one result row per call, each validated, checked and audited as usual. Destructive tools are refused; run_command and the waits cannot be batched.',
  input: ToolCallBatchInput,
  output: ToolCallBatchResult,
})
export class CallMutatingToolsBatchTool implements ToolHandler<ToolCallBatchInput, ToolCallBatchResult> {
  constructor(private readonly runner: BatchRunner) {}

  execute(input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    return this.runner.run('mutating', input, ctx);
  }
}
