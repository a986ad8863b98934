import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { SessionTarget } from '../common/target.inputs';

export class RenameSessionInput extends SessionTarget {
  @Param(P.name('No periods or colons.')) new_name!: string;
}
