import { Field } from '../framework/decorators/param.decorator';

/** SPEC §1.4 BufferContent (response-limited on `content`, SPEC C10). */
export class BufferContent {
  @Field({ type: 'string' }) buffer_name!: string;
  @Field({ type: 'string' }) content!: string;
  @Field({ type: 'boolean' }) content_truncated!: boolean;
  @Field({ type: 'integer' }) content_truncated_lines!: number;
}
