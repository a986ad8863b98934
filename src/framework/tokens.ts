import type { Token } from './pipeline/call-context';

/**
 * DI tokens. Built with Symbol.for so a plugin with its own copy of the package meets the
 * server's registrations (SPEC C33).
 */
const t = <T>(name: string): Token<T> => Symbol.for(`tmux-mcp:${name}`) as Token<T>;

/** Multi-token: tool classes (registered with `useValue: ToolClass`). */
export const TOOL_CLASSES = t<unknown>('tool-classes');
/** Multi-token: ToolInterceptor instances (register with `useClass`). */
export const INTERCEPTORS = t<unknown>('interceptors');
/** Multi-token: global ErrorMapper classes, tried after a tool's own `@HandleErrors` mappers. */
export const ERROR_MAPPERS = t<unknown>('error-mappers');
/** Multi-token: resource template providers. */
export const RESOURCES = t<unknown>('resources');
/** Multi-token: prompt providers. */
export const PROMPTS = t<unknown>('prompts');
/** Multi-token: async hooks run once at shutdown (best effort). */
export const SHUTDOWN_HOOKS = t<unknown>('shutdown-hooks');
/** The server's logger factory: `(name) => winston.Logger`. */
export const LOGGER_FACTORY = t<unknown>('logger-factory');
/** Framework-level settings (ServerSettings). */
export const SERVER_SETTINGS = t<unknown>('server-settings');
/** Per-call: the ToolCallContext. */
export const CALL_CONTEXT = t<unknown>('call-context');
/** Per-call: the AbortSignal. */
export const ABORT_SIGNAL = t<unknown>('abort-signal');
/** Per-call: the ProgressReporter. */
export const PROGRESS = t<unknown>('progress');
/** The tool dispatcher (for batch tools that re-enter the chain). */
export const TOOL_DISPATCHER = t<unknown>('tool-dispatcher');
/** The instructions text provider: `() => string`. */
export const INSTRUCTIONS = t<unknown>('instructions');
