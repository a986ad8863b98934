import { Field } from '../framework/decorators/param.decorator';

/**
 * PaneSnapshot (docs/reference/tools.md#panesnapshot) with typed fields
 * (docs/reference/tools.md#typed-fields): pane_pid and geometry are integers, flags booleans.
 */
export class PaneSnapshot {
  @Field({ type: 'string', description: 'Pane id, e.g. %1' }) pane_id!: string;
  @Field({ type: 'string', description: 'Visible pane text (tail-kept to max_lines, no marker line)' }) content!: string;
  @Field({ type: 'integer' }) cursor_x!: number;
  @Field({ type: 'integer' }) cursor_y!: number;
  @Field({ type: 'integer' }) pane_width!: number;
  @Field({ type: 'integer' }) pane_height!: number;
  @Field({ type: 'integer', nullable: true }) pane_left!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_top!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_right!: number | null;
  @Field({ type: 'integer', nullable: true }) pane_bottom!: number | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_left!: boolean | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_right!: boolean | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_top!: boolean | null;
  @Field({ type: 'boolean', nullable: true }) pane_at_bottom!: boolean | null;
  @Field({ type: 'string', nullable: true }) pane_tty!: string | null;
  @Field({ type: 'integer', nullable: true }) pane_pid!: number | null;
  @Field({ type: 'boolean', nullable: true }) pane_dead!: boolean | null;
  @Field({ type: 'boolean', nullable: true, description: 'True while a full-screen program uses the alternate screen' })
  alternate_on!: boolean | null;
  @Field({ type: 'boolean', description: 'True in copy mode (or another tmux mode)' }) pane_in_mode!: boolean;
  @Field({ type: 'string', nullable: true, description: "e.g. 'copy-mode'; null when not in a mode" }) pane_mode!: string | null;
  @Field({ type: 'integer', nullable: true, description: 'Copy-mode scroll offset; null when not scrolled' })
  scroll_position!: number | null;
  @Field({ type: 'integer', description: 'Scrollback lines above the visible screen' }) history_size!: number;
  @Field({ type: 'string', nullable: true, description: 'Pane title; null when empty' }) title!: string | null;
  @Field({ type: 'string', nullable: true }) pane_current_command!: string | null;
  @Field({ type: 'string', nullable: true }) pane_current_path!: string | null;
  @Field({ type: 'boolean', nullable: true, description: 'True when this is the pane running this MCP server (null outside tmux)' })
  is_caller!: boolean | null;
  @Field({ type: 'boolean', description: 'True when older lines were dropped to honour max_lines' }) content_truncated!: boolean;
  @Field({ type: 'integer', description: 'How many head lines were dropped' }) content_truncated_lines!: number;
}
