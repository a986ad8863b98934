import { Field } from '../framework/decorators/param.decorator';

/** BufferContent (docs/reference/tools.md#buffercontent); response-limited on `content` (docs/reference/protocol.md#response-cap). */
export class BufferContent {
  @Field({ type: 'string' }) buffer_name!: string;
  @Field({ type: 'string' }) content!: string;
  @Field({ type: 'boolean' }) content_truncated!: boolean;
  @Field({ type: 'integer' }) content_truncated_lines!: number;
}
