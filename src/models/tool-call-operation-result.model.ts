import { Field } from '../framework/decorators/param.decorator';

/**
 * One row of a batch wrapper's result (docs/reference/tools.md#toolcalloperationresult). `content`,
 * `structured_content` and `meta` are the nested result's own `content`, `structuredContent` and
 * `_meta` (null when absent: a successful result has no `_meta`,
 * docs/reference/protocol.md#no-framework-artifacts).
 */
export class ToolCallOperationResult {
  @Field({ type: 'integer', description: 'Position of the operation in `operations` (0-based).' }) index!: number;
  @Field({ type: 'string', description: 'The nested tool name.' }) tool!: string;
  @Field({ type: 'boolean' }) success!: boolean;
  @Field({ type: 'string', nullable: true, description: 'Error text of a failed operation.' }) error!: string | null;
  @Field({
    type: 'any',
    schema: { type: 'array', items: { type: 'object', additionalProperties: true } },
    description: 'MCP content blocks of the nested result.',
  })
  content!: Record<string, unknown>[];
  @Field({ type: 'object', nullable: true, description: 'structuredContent of the nested result.' })
  structured_content!: Record<string, unknown> | null;
  @Field({ type: 'object', nullable: true, description: '_meta of the nested result (error details).' })
  meta!: Record<string, unknown> | null;
  @Field({ type: 'number', description: 'Wall time of this operation in seconds.' }) elapsed_seconds!: number;
}
