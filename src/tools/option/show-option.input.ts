import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';
import { OPTION_NAME, SCOPE_P } from '../common/scope.params';

export class ShowOptionInput extends ServerTarget {
  @Param(OPTION_NAME) option!: string;
  @Param(SCOPE_P.scope) scope!: string | null;
  @Param(SCOPE_P.target) target!: string | null;
  @Param(SCOPE_P.global_) global_!: boolean;
}
