import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import { BatchRunner } from './batch-runner.service';
import { ToolCallBatchInput } from './batch.input';

const TITLE = 'Call Mutating Tools Batch';

/**
 * Batch wrapper of tier mutating (docs/reference/tools.md#call_mutating_tools_batch,
 * docs/reference/tools.md#batch-wrappers); the tier is a ceiling for nested calls.
 */
@Tool('mutating', { title: TITLE, destructiveHint: true, idempotentHint: false, openWorldHint: true })
export class CallMutatingToolsBatchTool implements ToolHandler<ToolCallBatchInput, ToolCallBatchResult> {
  static readonly toolName = 'call_mutating_tools_batch';
  static readonly description =
    "Call several read-only or mutating tmux MCP tools in order, in one round trip, and get one result row per call. Use it for ordered tmux workflows (create, split, send keys, read back) where every step is an existing typed tool. Every nested call still goes through the normal argument validation, safety checks and audit log. Destructive tools are refused here whatever the server's safety tier; self-bounded waits (run_command, wait_for_text, wait_for_channel) cannot be batched.";
  static readonly Input = ToolCallBatchInput;
  static readonly Output = ToolCallBatchResult;

  constructor(private readonly runner: BatchRunner) {}

  execute(input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    return this.runner.run('mutating', input, ctx);
  }
}
