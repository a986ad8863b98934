import type { ParamOptions } from '../../framework/decorators/param.decorator';

/** Reusable @Param option sets, so every tool describes shared parameters the same way. */
export const P = {
  socketName: {
    type: 'string',
    nullable: true,
    default: null,
    description: 'tmux socket name (-L). Defaults to TMUX_MCP_SOCKET, else the tmux default socket.',
  },
  host: {
    type: 'string',
    nullable: true,
    default: null,
    description:
      "Machine whose tmux to use: one of the operator's ssh destinations (TMUX_MCP_HOSTS), reached over ssh; null or 'local' = this machine.",
  },
  sessionName: { type: 'string', nullable: true, default: null, description: 'Session name (exact match).' },
  sessionId: { type: 'string', nullable: true, default: null, description: "Session id, e.g. '$1' (wins over session_name)." },
  windowId: { type: 'string', nullable: true, default: null, description: "Window id, e.g. '@1'." },
  windowIndex: { type: 'index', nullable: true, default: null, description: 'Window index within the session (integer or digit string).' },
  paneId: { type: 'string', nullable: true, default: null, description: "Pane id, e.g. '%1' (preferred target)." },
  filters: {
    type: 'scalar-map-or-json',
    nullable: true,
    default: null,
    description:
      'Django-style filters on tmux format fields, as an object or a JSON object string, e.g. {"window_active": "1"} or {"session_name__startswith": "dev"}. Operators: exact (default), eq, iexact, contains, icontains, startswith, istartswith, endswith, iendswith, in, nin, regex, iregex.',
  },
  environment: {
    type: 'string-map-or-json',
    nullable: true,
    default: null,
    description: 'Environment variables for the new process(es), as an object or a JSON object string.',
  },
  suppressPersistentHistory: {
    type: 'boolean',
    default: false,
    description: 'Keep the new shell out of persistent history files (HISTFILE="", fish private mode, HISTCONTROL=ignorespace).',
  },
  /** A name or title tmux will store: no control characters (docs/reference/tools.md#names-and-escaping). */
  name: (description: string): ParamOptions => ({ type: 'string', noControlChars: true, description }),
} satisfies Record<string, ParamOptions | ((d: string) => ParamOptions)>;
