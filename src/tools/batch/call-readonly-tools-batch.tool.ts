import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import { BatchRunner } from './batch-runner.service';
import { ToolCallBatchInput } from './batch.input';

const TITLE = 'Call Readonly Tools Batch';

/**
 * Batch wrapper of tier readonly (docs/reference/tools.md#call_readonly_tools_batch,
 * docs/reference/tools.md#batch-wrappers); the tier is a ceiling for nested calls.
 */
@Tool({
  name: 'call_readonly_tools_batch',
  tier: 'readonly',
  title: TITLE,
  description:
    'Call readonly tmux tools in order in one round trip; one result row per call, each validated, checked and audited as usual. Other tiers are refused; run_command and the waits cannot be batched.',
  input: ToolCallBatchInput,
  output: ToolCallBatchResult,
})
export class CallReadonlyToolsBatchTool implements ToolHandler<ToolCallBatchInput, ToolCallBatchResult> {
  constructor(private readonly runner: BatchRunner) {}

  execute(input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    return this.runner.run('readonly', input, ctx);
  }
}
