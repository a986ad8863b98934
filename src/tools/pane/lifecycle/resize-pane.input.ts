import { Param } from '../../../framework/decorators/param.decorator';
import { PaneTargetFirst } from '../../common/target.inputs';

export class ResizePaneInput extends PaneTargetFirst {
  // Sizes are >= 1 in the schema (docs/reference/tools.md#numeric-bounds).
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Lines.' })
  height!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Columns.' })
  width!: number | null;
  @Param({
    type: 'boolean',
    nullable: true,
    default: null,
    description: 'true zooms, false unzooms; not with height/width.',
  })
  zoom!: boolean | null;
}
