import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';

export class CreateWindowInput {
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param({ ...P.name('Name for the new window.'), nullable: true, default: null }) window_name!: string | null;
  @Param({ type: 'string', nullable: true, default: null, description: 'Working directory for the new pane.' })
  start_directory!: string | null;
  @Param({
    type: 'boolean',
    default: false,
    description: 'Make the new window the current window of its session (default: create it in the background).',
  })
  attach!: boolean;
  @Param({
    type: 'string',
    enum: ['before', 'after'],
    nullable: true,
    default: null,
    description: "Insert the window just before or after the session's current window (default: next free index).",
  })
  direction!: 'before' | 'after' | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
  @Param({
    ...P.environment,
    description: "Environment variables for the new window's process (not the session environment), as an object or a JSON object string.",
  })
  environment!: Record<string, string> | string | null;
  @Param(P.suppressPersistentHistory) suppress_persistent_history!: boolean;
}
