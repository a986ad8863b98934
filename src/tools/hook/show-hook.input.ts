import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { SCOPE_P } from '../option/scope.params';

export class ShowHookInput {
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
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
