import { Tool } from '../../framework/decorators/tool.decorator';
import { BatchToolBase, batchToolSpec } from './batch-tool.base';

/** Batch wrapper of tier destructive (docs/reference/tools.md#call_destructive_tools_batch). */
@Tool(
  batchToolSpec(
    'destructive',
    'Call tmux tools of any tier in order in one round trip; one result row per call, each call validated, checked and audited as usual. Prefer the readonly or mutating batch when enough. run_command and the waits cannot be batched.',
    { idempotentHint: false, openWorldHint: true },
  ),
)
export class CallDestructiveToolsBatchTool extends BatchToolBase {}
