import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/**
 * No session/window fallback arguments on purpose (docs/reference/tools.md#required-targets): with
 * kill=true a fallback to "the first pane" could silently kill an unrelated process.
 */
export class RespawnPaneInput {
  @Param({ type: 'string', description: "Pane id, e.g. '%1'. Required: resolve it with list_panes first." }) pane_id!: string;
  @Param({
    type: 'boolean',
    default: true,
    description: 'Kill the running process first (tmux -k). With false, respawning a pane whose process is still running fails.',
  })
  kill!: boolean;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: "Command to launch instead of the pane's original one (run by tmux through sh -c).",
  })
  shell!: string | null;
  @Param({ type: 'string', nullable: true, default: null, description: 'Working directory of the new process (tmux -c).' })
  start_directory!: string | null;
  @Param({
    ...P.environment,
    description: 'Environment variables for the new process (one tmux -e KEY=VALUE each), as an object or a JSON object string.',
  })
  environment!: Record<string, string> | string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
  @Param(P.suppressPersistentHistory) suppress_persistent_history!: boolean;
}
