import { Field } from '../framework/decorators/param.decorator';

/** PaneInfo (docs/reference/tools.md#paneinfo) with typed fields (docs/reference/tools.md#typed-fields). */
export class PaneInfo {
  @Field({ type: 'string', description: 'Pane id, e.g. %1' }) pane_id!: string;
  @Field({ type: 'integer', nullable: true }) pane_index!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_width!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_height!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_left!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_top!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_right!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_bottom!: number | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_left!: boolean | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_right!: boolean | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_top!: boolean | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_bottom!: boolean | null;
  @Field({ type: 'string', nullable: true }) pane_tty!: string | null;
  @Field({ type: 'string', nullable: true }) pane_current_command!: string | null;
  @Field({ type: 'string', nullable: true }) pane_current_path!: string | null;
  @Field({ type: 'integer', nullable: true }) pane_pid!: number | null;
  @Field({ type: 'string', nullable: true }) pane_title!: string | null;
  @Field({ type: 'boolean', nullable: true }) pane_active!: boolean | null;
  @Field({ type: 'string', nullable: true }) window_id!: string | null;
  @Field({ type: 'string', nullable: true }) session_id!: string | null;
  @Field({ type: 'boolean', nullable: true, description: 'True when this is the pane running this MCP server (null outside tmux)' })
  is_caller!: boolean | null;
}
