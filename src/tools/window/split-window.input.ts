import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { SpawnTargetWithEnvironment } from '../common/target.inputs';

export const SPLIT_DIRECTIONS = ['above', 'below', 'left', 'right'] as const;
export type SplitDirection = (typeof SPLIT_DIRECTIONS)[number];

export class SplitWindowInput extends SpawnTargetWithEnvironment {
  @Param({ ...P.paneId })
  pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param({
    type: 'string',
    enum: SPLIT_DIRECTIONS,
    nullable: true,
    default: null,
    description: 'Default below.',
  })
  direction!: SplitDirection | null;
  // docs/reference/tools.md#index-and-size-inputs: an integer >= 1 (cells) or a digit string with
  // an optional '%'.
  @Param({
    type: 'size',
    nullable: true,
    default: null,
    description: "Cells or '50%'.",
  })
  size!: number | string | null;
  @Param({ type: 'string', nullable: true, default: null })
  start_directory!: string | null;
  @Param({ type: 'string', nullable: true, default: null, description: 'Command to run' })
  shell!: string | null;
}
