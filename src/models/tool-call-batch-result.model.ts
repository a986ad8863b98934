import { Field } from '../framework/decorators/param.decorator';
import { ToolCallOperationResult } from './tool-call-operation-result.model';

/** Result of call_{readonly,mutating,destructive}_tools_batch (docs/reference/tools.md#toolcallbatchresult). */
export class ToolCallBatchResult {
  @Field({ listOf: ToolCallOperationResult }) results!: ToolCallOperationResult[];
  @Field({ type: 'integer' }) succeeded!: number;
  @Field({ type: 'integer' }) failed!: number;
  @Field({ type: 'integer', nullable: true, description: 'Index of the failed operation that stopped the batch (on_error=stop).' })
  stopped_at!: number | null;
  @Field({ type: 'boolean', description: 'Nested content was elided to keep the response under 1,000,000 bytes.' })
  response_truncated!: boolean;
  @Field({ type: 'integer', description: 'Approximate bytes removed by that elision.' }) response_truncated_bytes!: number;
}
