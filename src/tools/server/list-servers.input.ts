import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class ListServersInput {
  @Param({
    type: 'string[]',
    nullable: true,
    default: null,
    description:
      'Extra tmux socket paths to check besides the scanned socket directories (e.g. servers started with tmux -S). Paths that do not exist, are not sockets or do not accept a connection are skipped.',
  })
  extra_socket_paths!: string[] | null;

  @Param(P.host) host!: string | null;
}
