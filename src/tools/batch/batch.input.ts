import { Param } from '../../framework/decorators/param.decorator';
import { ToolCallOperation } from '../../models/tool-call-operation.model';

/** Shared input of the three batch wrappers (docs/reference/tools.md#batch-wrappers): no socket_name, each nested call names its own. */
export class ToolCallBatchInput {
  @Param({
    listOf: ToolCallOperation,
    description: 'Tool calls to run in order, each {tool, arguments}; 1 to 1000 operations.',
  })
  operations!: ToolCallOperation[];

  @Param({
    enum: ['stop', 'continue'],
    default: 'stop',
    description: "'stop' ends the batch at the first failed operation; 'continue' runs every operation.",
  })
  on_error!: 'stop' | 'continue';
}
