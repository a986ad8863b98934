import { Param } from '../../framework/decorators/param.decorator';
import { ToolCallOperation } from '../../models/tool-call-operation.model';

/** Shared input of the three batch wrappers (docs/reference/tools.md#batch-wrappers): no socket_name, each nested call names its own. */
export class ToolCallBatchInput {
  @Param({
    listOf: ToolCallOperation,
    description: 'Calls in order, each {tool, arguments}; 1-1000.',
  })
  operations!: ToolCallOperation[];

  @Param({
    enum: ['stop', 'continue'],
    default: 'stop',
    description: 'stop at the first failure, or continue.',
  })
  on_error!: 'stop' | 'continue';
}
