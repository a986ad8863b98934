import { Field } from '../framework/decorators/param.decorator';

/** One row of SendKeysBatchResult (docs/reference/tools.md#sendkeysbatchresult): one row per operation that ran (or was refused). */
export class SendKeysOperationResult {
  @Field({ type: 'integer', description: 'Position of the operation in the request' }) index!: number;
  @Field({ type: 'string', nullable: true, description: 'Resolved pane id (null when the target did not resolve)' })
  pane_id!: string | null;
  @Field({ type: 'boolean' }) success!: boolean;
  @Field({ type: 'string', nullable: true, description: 'Error text and suggestion when the operation failed' }) error!: string | null;
  @Field({ type: 'number' }) elapsed_seconds!: number;
}

/** SendKeysBatchResult (docs/reference/tools.md#sendkeysbatchresult). */
export class SendKeysBatchResult {
  @Field({ listOf: SendKeysOperationResult }) results!: SendKeysOperationResult[];
  @Field({ type: 'integer' }) succeeded!: number;
  @Field({ type: 'integer' }) failed!: number;
  @Field({ type: 'integer', nullable: true, description: 'Index of the failed operation that stopped the batch (on_error="stop")' })
  stopped_at!: number | null;
}
