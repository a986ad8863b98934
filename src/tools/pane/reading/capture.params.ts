import type { ParamOptions } from '../../../framework/decorators/param.decorator';

/** The capture parameters the reading tools share (docs/reference/tools.md#capture_pane). */
export const CAPTURE_P = {
  /** How much of a capture comes back: capture_pane, snapshot_pane, capture_since. */
  maxLines: { type: 'integer', nullable: true, default: 500, minimum: 1, description: 'Last N lines (null: all)' },
  /** The capture range (tmux's -S / -E): capture_pane's start/end, search_panes' content_start/content_end. */
  start: { type: 'integer', nullable: true, default: null, description: '-S line; <0 is scrollback' },
  end: { type: 'integer', nullable: true, default: null, description: '-E line' },
} satisfies Record<string, ParamOptions>;
