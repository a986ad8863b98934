import { Param } from '../../../framework/decorators/param.decorator';
import { PaneTargetFirst } from '../../common/target.inputs';
import { CAPTURE_P } from './capture.params';

export class SnapshotPaneInput extends PaneTargetFirst {
  @Param(CAPTURE_P.maxLines) max_lines!: number | null;
}
