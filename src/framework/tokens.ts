import type { DependencyContainer } from 'tsyringe';
import type { ErrorMapper } from './errors/tool-errors';
import type { LoggerFactory } from './logging/logger.factory';
import type { ProgressReporter, ToolCallContext } from './pipeline/call-context';
import type { ToolInterceptor } from './pipeline/tool-interceptor';
import type { PromptProvider } from './protocol/prompts.handlers';
import type { ResourceTemplateProvider } from './protocol/resources.handlers';
import type { Class, Token } from './types';

export type { Token } from './types';

/**
 * The one token factory. `Symbol.for` makes a plugin that loaded its own copy of the package
 * meet the server's registrations (docs/architecture.md#plugins).
 */
export const token = <T>(name: string): Token<T> => Symbol.for(`tmux-mcp:${name}`);

/** Resolves a token (typed). */
export const resolveToken = <T>(container: DependencyContainer, t: Token<T>): T => container.resolve<T>(t);

/** Every registration of a multi-token, in registration order (none registered: `[]`). */
export const resolveAllTokens = <T>(container: DependencyContainer, t: Token<T>): T[] =>
  container.isRegistered(t, true) ? container.resolveAll<T>(t) : [];

/** A graceful-shutdown step (best effort, run in registration order). */
export type ShutdownHook = () => Promise<void> | void;

/** Multi-token: tool classes (`useValue: ToolClass`). */
export const TOOL_CLASSES = token<Class>('tool-classes');
/** Multi-token: interceptors of the onion (`useClass`, singleton). */
export const INTERCEPTORS = token<ToolInterceptor>('interceptors');
/** Multi-token: global ErrorMapper classes, tried after a tool's own `@HandleErrors` mappers. */
export const ERROR_MAPPERS = token<Class<ErrorMapper>>('error-mappers');
/** Multi-token: resource template providers. */
export const RESOURCES = token<ResourceTemplateProvider>('resources');
/** Multi-token: prompt providers. */
export const PROMPTS = token<PromptProvider>('prompts');
/** Multi-token: async hooks run once at graceful shutdown. */
export const SHUTDOWN_HOOKS = token<ShutdownHook>('shutdown-hooks');
/** The server's logger factory: `(name) => winston.Logger`. */
export const LOGGER_FACTORY = token<LoggerFactory>('logger-factory');
/** The server's own DependencyContainer (for services that resolve classes named in metadata). */
export const CONTAINER = token<DependencyContainer>('container');
/**
 * The features this server has on (docs/reference/protocol.md#features): tools and fields that
 * need another one are not listed and not accepted. Unregistered: every feature is on.
 */
export const ENABLED_FEATURES = token<ReadonlySet<string>>('enabled-features');
export const enabledFeatures = (container: DependencyContainer): ReadonlySet<string> | undefined =>
  container.isRegistered(ENABLED_FEATURES, true) ? container.resolve(ENABLED_FEATURES) : undefined;
/** Per call: the ToolCallContext. */
export const CALL_CONTEXT = token<ToolCallContext>('call-context');
/** Per call: the AbortSignal. */
export const ABORT_SIGNAL = token<AbortSignal>('abort-signal');
/** Per call: the ProgressReporter. */
export const PROGRESS = token<ProgressReporter>('progress');
