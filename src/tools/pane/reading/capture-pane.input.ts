import { Param } from '../../../framework/decorators/param.decorator';
import { PaneTargetFirst } from '../../common/target.inputs';
import { CAPTURE_P } from './capture.params';

export class CapturePaneInput extends PaneTargetFirst {
  @Param(CAPTURE_P.start) start!: number | null;
  @Param(CAPTURE_P.end) end!: number | null;
  @Param(CAPTURE_P.maxLines) max_lines!: number | null;
}
