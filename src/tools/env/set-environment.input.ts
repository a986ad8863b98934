import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { SessionTarget } from '../common/target.inputs';

export class SetEnvironmentInput extends SessionTarget {
  @Param(P.name('e.g. EDITOR')) name!: string;
  @Param({ type: 'string' }) value!: string;
}
