import { Param } from '../../framework/decorators/param.decorator';
import { SCOPE_P } from '../common/scope.params';
import { ServerTarget } from '../common/target.inputs';

export class ShowHooksInput extends ServerTarget {
  @Param(SCOPE_P.scope) scope!: string | null;
  @Param(SCOPE_P.target) target!: string | null;
  @Param(SCOPE_P.global_) global_!: boolean;
}
