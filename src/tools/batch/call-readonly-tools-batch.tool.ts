import { Tool } from '../../framework/decorators/tool.decorator';
import { BatchToolBase, batchToolSpec } from './batch-tool.base';

/** Batch wrapper of tier readonly (docs/reference/tools.md#call_readonly_tools_batch). */
@Tool(
  batchToolSpec(
    'readonly',
    'Call readonly tmux tools in order in one round trip; one result row per call, each validated, checked and audited as usual. Other tiers are refused; run_command and the waits cannot be batched.',
  ),
)
export class CallReadonlyToolsBatchTool extends BatchToolBase {}
