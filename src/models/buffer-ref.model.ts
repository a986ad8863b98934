import { Field } from '../framework/decorators/param.decorator';

/**
 * BufferRef (docs/reference/tools.md#bufferref): the agent-namespaced buffer name
 * (docs/reference/engine.md#buffer-names) and the logical name as passed.
 */
export class BufferRef {
  @Field({ type: 'string' }) buffer_name!: string;
  @Field({ type: 'string', nullable: true }) logical_name!: string | null;
}
