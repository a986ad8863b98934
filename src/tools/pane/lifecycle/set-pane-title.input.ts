import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { PaneTarget } from '../../common/target.inputs';

export class SetPaneTitleInput extends PaneTarget {
  // Titles are names: control characters are validation errors (docs/reference/tools.md#names-and-escaping).
  @Param(P.name('Stored literally.')) title!: string;
}
