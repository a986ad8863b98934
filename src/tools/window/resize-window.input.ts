import { Param } from '../../framework/decorators/param.decorator';
import { WindowTargetFirst } from '../common/target.inputs';

export class ResizeWindowInput extends WindowTargetFirst {
  // Heights and widths are >= 1 (docs/reference/tools.md#numeric-bounds), enforced by the schema.
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Lines.' })
  height!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Columns.' })
  width!: number | null;
}
