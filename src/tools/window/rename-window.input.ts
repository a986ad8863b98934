import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { WindowTarget } from '../common/target.inputs';

export class RenameWindowInput extends WindowTarget {
  // No control characters, and stored literally: the tool escapes '#'
  // (docs/reference/tools.md#names-and-escaping).
  @Param(P.name('Stored literally.')) new_name!: string;
}
