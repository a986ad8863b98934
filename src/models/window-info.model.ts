import { Field } from '../framework/decorators/param.decorator';

/** WindowInfo (docs/reference/tools.md#windowinfo) with typed fields (docs/reference/tools.md#typed-fields). */
export class WindowInfo {
  @Field({ type: 'string', description: 'Window id, e.g. @1' }) window_id!: string;
  @Field({ type: 'string', nullable: true }) window_name!: string | null;
  @Field({ type: 'integer', nullable: true }) window_index!: number | null;
  @Field({ type: 'string', nullable: true }) session_id!: string | null;
  @Field({ type: 'string', nullable: true }) session_name!: string | null;
  @Field({ type: 'integer' }) pane_count!: number;
  @Field({ type: 'string', nullable: true }) window_layout!: string | null;
  @Field({ type: 'boolean', nullable: true }) window_active!: boolean | null;
  @Field({ type: 'integer', nullable: true }) window_width!: number | null;
  @Field({ type: 'integer', nullable: true }) window_height!: number | null;
  @Field({ type: 'string', nullable: true }) active_pane_id!: string | null;
}
