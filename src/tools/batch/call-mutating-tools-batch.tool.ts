import { Tool } from '../../framework/decorators/tool.decorator';
import { BatchToolBase, batchToolSpec } from './batch-tool.base';

/**
 * Batch wrapper of tier mutating (docs/reference/tools.md#call_mutating_tools_batch): destructive
 * and open-world as a whole, since what it runs may be.
 */
@Tool(
  batchToolSpec(
    'mutating',
    'Call readonly or mutating tmux tools in order in one round trip (e.g. create, split, send keys, read back); one result row per call, each validated, checked and audited as usual. Destructive tools are refused; run_command and the waits cannot be batched.',
    { destructiveHint: true, idempotentHint: false, openWorldHint: true },
  ),
)
export class CallMutatingToolsBatchTool extends BatchToolBase {}
