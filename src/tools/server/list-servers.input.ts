import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class ListServersInput {
  @Param({
    type: 'string[]',
    nullable: true,
    default: null,
    description: 'More socket paths to probe (tmux -S).',
  })
  extra_socket_paths!: string[] | null;

  @Param(P.host) host!: string | null;
}
