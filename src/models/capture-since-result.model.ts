import { Field } from '../framework/decorators/param.decorator';

/** CaptureSinceResult (docs/reference/tools.md#capturesinceresult). */
export class CaptureSinceResult {
  @Field({ type: 'string' }) pane_id!: string;
  @Field({ type: 'string', description: 'Opaque cursor: pass it to the next capture_since call' }) cursor!: string;
  @Field({ type: 'string[]', description: 'Rows written or rewritten since the cursor (newest kept when truncated)' }) lines!: string[];
  @Field({ type: 'number' }) elapsed_seconds!: number;
  @Field({ type: 'boolean', description: 'True when tmux no longer holds the rows since the cursor (cleared or trimmed history)' })
  lines_missed!: boolean;
  @Field({ type: 'boolean' }) truncated!: boolean;
  @Field({ type: 'integer' }) truncated_lines!: number;
  @Field({ type: 'integer' }) truncated_bytes!: number;
}
