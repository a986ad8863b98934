import { Tool } from '../../framework/decorators/tool.decorator';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-dispatcher';
import { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import { BatchRunner } from './batch-runner.service';
import { ToolCallBatchInput } from './batch.input';

const TITLE = 'Call Readonly Tools Batch';

/**
 * Batch wrapper of tier readonly (docs/reference/tools.md#call_readonly_tools_batch,
 * docs/reference/tools.md#batch-wrappers); the tier is a ceiling for nested calls.
 */
@Tool('readonly', { title: TITLE })
export class CallReadonlyToolsBatchTool implements ToolHandler<ToolCallBatchInput, ToolCallBatchResult> {
  static readonly toolName = 'call_readonly_tools_batch';
  static readonly description =
    'Call several read-only tmux MCP tools in order, in one round trip, and get one result row per call. Use it to gather several observations of tmux sessions, windows, panes or terminal content in one agent turn. Every nested call still goes through the normal argument validation, safety checks and audit log. Mutating and destructive tools are refused here even when the server runs at a higher safety tier; self-bounded waits (run_command, wait_for_text, wait_for_channel) cannot be batched.';
  static readonly Input = ToolCallBatchInput;
  static readonly Output = ToolCallBatchResult;

  constructor(private readonly runner: BatchRunner) {}

  execute(input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    return this.runner.run('readonly', input, ctx);
  }
}
