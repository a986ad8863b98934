import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class CreateSessionInput {
  @Param({ ...P.name('Name for the new session (no periods or colons). Default: tmux picks one.'), nullable: true, default: null })
  session_name!: string | null;
  @Param({ ...P.name('Name for the first window.'), nullable: true, default: null })
  window_name!: string | null;
  @Param({ type: 'string', nullable: true, default: null, description: 'Working directory for the first pane.' })
  start_directory!: string | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Window width in columns.' })
  x!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Window height in rows.' })
  y!: number | null;
  @Param({
    ...P.environment,
    description:
      'Environment variables for the session (tmux session environment, inherited by its panes), as an object or a JSON object string.',
  })
  environment!: Record<string, string> | string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
  @Param(P.suppressPersistentHistory) suppress_persistent_history!: boolean;
}
