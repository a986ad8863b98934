import type { ParamOptions } from '../../framework/decorators/param.decorator';

/**
 * The feature remote hosts turn on: `host` and list_hosts exist only when hosts are configured
 * (docs/reference/protocol.md#features).
 */
export const HOSTS_FEATURE = 'hosts';

/**
 * Reusable @Param option sets, so every tool describes shared parameters the same way. The
 * targets (`pane_id` '%1', `window_id` '@1', `session_id` '$1', names, index) and `socket_name`
 * carry no description: their names and the server instructions say what they are, and every
 * tool would repeat it (docs/reference/protocol.md#schemas). The target groups, as base classes
 * that keep the reference's order, are in ./target.inputs.ts.
 */
export const P = {
  socketName: {
    type: 'string',
    nullable: true,
    default: null,
  },
  host: {
    type: 'string',
    nullable: true,
    default: null,
    feature: HOSTS_FEATURE,
    description: 'ssh host from list_hosts (null: local)',
  },
  sessionName: { type: 'string', nullable: true, default: null },
  sessionId: { type: 'string', nullable: true, default: null },
  windowId: { type: 'string', nullable: true, default: null },
  windowIndex: { type: 'index', nullable: true, default: null },
  paneId: { type: 'string', nullable: true, default: null },
  filters: {
    type: 'scalar-map-or-json',
    nullable: true,
    default: null,
    description: 'Django-style lookups, e.g. {"session_name__startswith": "dev"}',
  },
  environment: {
    type: 'string-map-or-json',
    nullable: true,
    default: null,
    description: 'Env vars',
  },
  suppressPersistentHistory: {
    type: 'boolean',
    default: false,
  },
  /** A name or title tmux will store: no control characters (docs/reference/tools.md#names-and-escaping). */
  name: (description?: string): ParamOptions => ({ type: 'string', noControlChars: true, description }),
} satisfies Record<string, ParamOptions | ((d: string) => ParamOptions)>;
