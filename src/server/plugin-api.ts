import { Field, Param } from '../framework/decorators/param.decorator';
import { HandleErrors } from '../framework/decorators/handle-errors.decorator';
import { Tool } from '../framework/decorators/tool.decorator';
import { UseInterceptors } from '../framework/decorators/use-interceptors.decorator';
import { ExpectedToolError, ToolError } from '../framework/errors/tool-errors';
import { ORDER } from '../framework/pipeline/tool-interceptor';
import * as tokens from '../framework/tokens';
import type { PluginApi } from '../framework/plugins/plugin';

/** What `register(container, api)` receives (SPEC C33): the server's own decorators and tokens. */
export function pluginApi(): PluginApi {
  return { Tool, Param, Field, HandleErrors, UseInterceptors, ToolError, ExpectedToolError, ORDER, tokens };
}
