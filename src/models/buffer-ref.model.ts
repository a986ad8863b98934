import { Field } from '../framework/decorators/param.decorator';

/** SPEC §1.4 BufferRef: the agent-namespaced buffer name (SPEC B16) and the logical name as passed. */
export class BufferRef {
  @Field({ type: 'string' }) buffer_name!: string;
  @Field({ type: 'string', nullable: true }) logical_name!: string | null;
}
