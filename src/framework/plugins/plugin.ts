import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'winston';
import { AllowNul, Default, Description, Nullable } from '../decorators/dto.decorators';
import { HandleErrors } from '../decorators/handle-errors.decorator';
import { Field, Param } from '../decorators/param.decorator';
import { Tool } from '../decorators/tool.decorator';
import { UseInterceptors } from '../decorators/use-interceptors.decorator';
import { ExpectedToolError, ToolError, ValidationError } from '../errors/tool-errors';
import { ORDER } from '../pipeline/tool-interceptor';
import { PromptArgumentError } from '../protocol/prompts.handlers';
import { ResourceNotFoundError } from '../protocol/resources.handlers';
import * as tokens from '../tokens';

/**
 * What a plugin receives besides the container: the decorators, error classes, interceptor
 * orders and tokens of the server's own copy of the framework, so a bundled server and a plugin
 * with its own copy of the package still agree (docs/architecture.md#plugins).
 */
export interface PluginApi {
  readonly Tool: typeof Tool;
  readonly Param: typeof Param;
  readonly Field: typeof Field;
  readonly Description: typeof Description;
  readonly Default: typeof Default;
  readonly Nullable: typeof Nullable;
  readonly AllowNul: typeof AllowNul;
  readonly HandleErrors: typeof HandleErrors;
  readonly UseInterceptors: typeof UseInterceptors;
  readonly ToolError: typeof ToolError;
  readonly ExpectedToolError: typeof ExpectedToolError;
  readonly ValidationError: typeof ValidationError;
  /** For RESOURCES providers: a missing object (JSON-RPC -32002). */
  readonly ResourceNotFoundError: typeof ResourceNotFoundError;
  /** For PROMPTS providers: a malformed argument (JSON-RPC -32602). */
  readonly PromptArgumentError: typeof PromptArgumentError;
  readonly ORDER: typeof ORDER;
  readonly tokens: typeof tokens;
  /**
   * This plugin's logger, `tmux_mcp.plugin.NAME` (docs/reference/protocol.md#logger-names): for
   * its interceptors and services; its tools get the same one as `ctx.logger`.
   */
  readonly logger: Logger;
}

/** The logger name of a plugin's lines (docs/reference/protocol.md#logger-names). */
export const pluginLoggerName = (plugin: string): string => `tmux_mcp.plugin.${plugin}`;

/** The api object of this copy of the framework, for a plugin whose logger is `logger`. */
export function createPluginApi(logger: Logger): PluginApi {
  return {
    logger,
    Tool,
    Param,
    Field,
    Description,
    Default,
    Nullable,
    AllowNul,
    HandleErrors,
    UseInterceptors,
    ToolError,
    ExpectedToolError,
    ValidationError,
    ResourceNotFoundError,
    PromptArgumentError,
    ORDER,
    tokens,
  };
}

/** A plugin: registers tool classes, interceptors, error mappers, services, resources, prompts. */
export interface McpPlugin {
  readonly name: string;
  register(container: DependencyContainer, api: PluginApi): void | Promise<void>;
}

/** Identity helper that types a plugin definition (and checks its shape). */
export function definePlugin(plugin: McpPlugin): McpPlugin {
  if (!plugin || typeof plugin.name !== 'string' || !plugin.name || typeof plugin.register !== 'function')
    throw new TypeError('definePlugin needs { name: string, register(container, api) }');
  return plugin;
}
