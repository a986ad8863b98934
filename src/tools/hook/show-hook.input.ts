import { Param } from '../../framework/decorators/param.decorator';
import { SCOPE_P } from '../common/scope.params';
import { ServerTarget } from '../common/target.inputs';

export class ShowHookInput extends ServerTarget {
  @Param({
    type: 'string',
    maxLength: 256,
    // tmux format-expands hook names (`#(cmd)` would run): plain names and an index only.
    pattern: '^[A-Za-z0-9_-]+(\\[[0-9]+\\])?$',
    description: 'e.g. after-new-session, pane-exited[0]',
  })
  hook_name!: string;
  @Param(SCOPE_P.scope) scope!: string | null;
  @Param(SCOPE_P.target) target!: string | null;
  @Param(SCOPE_P.global_) global_!: boolean;
}
