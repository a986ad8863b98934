/**
 * Public API of tmux-mcp-ts, for tool authors, plugin authors and embedders.
 *
 * - Write a tool: a class with `@Tool(tier, options)`, statics `toolName`, `description`, `Input`
 *   (a DTO whose fields use `@Param`) and `Output` (a model class with `@Field`, `[Model]`, or `String`),
 *   and an `execute(input, ctx)` method. Inject services through the constructor.
 * - Write a plugin: `export default definePlugin({ name, register(container, api) { ... } })` and
 *   register tool classes under `TOOL_CLASSES`, interceptors under `INTERCEPTORS`, error mappers
 *   under `ERROR_MAPPERS`, resource templates under `RESOURCES`, prompts under `PROMPTS`, or
 *   replace a service by registering a class for its token. Compile with `experimentalDecorators`
 *   and `emitDecoratorMetadata` (docs/reference/configuration.md#plugin-projects).
 * - Embed: `const app = await createServer(options); await app.connect(transport)`.
 *
 * @packageDocumentation
 */
import 'reflect-metadata';

export { Tool, TIER_PRESETS } from './framework/decorators/tool.decorator';
export type { ToolClassStatics, ToolSpec } from './framework/decorators/tool.decorator';
export { Param, Field } from './framework/decorators/param.decorator';
export { Description, Default, Nullable, AllowNul, Feature } from './framework/decorators/dto.decorators';
export { IsIndex, IsSize, IsStringMap, IsStringMapOrJson, IsScalarMapOrJson, NoControlChars } from './framework/validation/constraints';
export { validateDto, formatViolations } from './framework/validation/dto-validator';
export type { Violation, ValidationOutcome } from './framework/validation/dto-validator';
export { objectSchema as inputSchemaOf } from './framework/validation/dto-schema';
export { HandleErrors } from './framework/decorators/handle-errors.decorator';
export { UseInterceptors } from './framework/decorators/use-interceptors.decorator';
export type { ParamKind, Class, FieldOptions } from './framework/types';
export type { ParamOptions } from './framework/decorators/param.decorator';
export type { Tier, ToolOptions, ToolAnnotations, ToolMetadata, OutputDecl } from './framework/metadata/tool-metadata';
export { getToolMetadata } from './framework/metadata/tool-metadata';

export type { CallEnv } from './framework/pipeline/tool-dispatcher';
export type { ToolHandler } from './framework/pipeline/tool-handler';
export { ToolDispatcher, TOOL_DISPATCHER } from './framework/pipeline/tool-dispatcher';
export type { ToolCallContext, ProgressReporter, ClientLogLevel } from './framework/pipeline/call-context';
export type { ToolInterceptor, ToolCall, CallValidation, Next } from './framework/pipeline/tool-interceptor';
export { ORDER } from './framework/pipeline/tool-interceptor';
/** A human in the loop (docs/reference/safety.md#describing-a-call): a tool's optional `describeCall` and what it returns. */
export type { DescribesCall, CallConfirmation, ConfirmScope, ConfirmMode } from './framework/confirm/confirm';
export type { ToolResult, ContentBlock, TextContent } from './framework/pipeline/tool-result';
export type { ToolDescriptor } from './framework/registry/tool-descriptor';

export { ToolError, ExpectedToolError, ValidationError, UnexpectedError } from './framework/errors/tool-errors';
export type { ErrorMapper, ToolErrorOptions } from './framework/errors/tool-errors';
export { safeRepr, safeText } from './framework/validation/safe-repr';

export * from './framework/tokens';

export { definePlugin } from './framework/plugins/plugin';
export type { ResourceTemplateProvider, CompletionContext } from './framework/protocol/resources.handlers';
export { ResourceNotFoundError } from './framework/protocol/resources.handlers';
export type { PromptProvider, PromptArgumentDef, PromptMessage } from './framework/protocol/prompts.handlers';
export { PromptArgumentError } from './framework/protocol/prompts.handlers';
export type { McpPlugin, PluginApi } from './framework/plugins/plugin';

export { createServer, PluginError } from './server/create-server';
export type { CreateServerOptions, TmuxMcpServer } from './server/create-server';
export { SERVER_CONFIG } from './config/server-config';
export type { ServerConfig, EngineMode } from './config/server-config';

// tmux layer: the engine comes through services, never through the call context
// (docs/reference/configuration.md#tool-call-context).
export { TmuxServerPool, ENGINE_FACTORY, PROCESS_RUNNER } from './services/tmux-server-pool.service';
export type { EngineFactory } from './services/tmux-server-pool.service';
export type { TmuxEngine, TmuxServerKey, RunOptions, PaneEvent } from './tmux/tmux-engine';
export * from './tmux/tmux-errors';
export { TmuxErrorMapper } from './services/tmux-error.mapper';
export { TargetResolver } from './services/target-resolver.service';
export type { TargetArgs } from './services/target-resolver.service';
export { HierarchyService } from './services/hierarchy.service';
export { ModelSerializer } from './services/model-serializer.service';
export { CallerIdentityService } from './services/caller-identity.service';
export { FilterService } from './services/filter.service';
export { SpawnEnvService } from './services/spawn-env.service';
export { P as CommonParams } from './tools/common/common-params';
export { SessionInfo } from './models/session-info.model';
export { WindowInfo } from './models/window-info.model';
export { PaneInfo } from './models/pane-info.model';
export { ServerInfo } from './models/server-info.model';
