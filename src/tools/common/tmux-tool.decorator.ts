import { applyDecorators } from '../../framework/decorators/apply-decorators';
import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool } from '../../framework/decorators/tool.decorator';
import type { Tier, ToolOptions } from '../../framework/metadata/tool-metadata';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';

/**
 * A tool that talks to tmux: `@Tool(tier, options)` and `@HandleErrors(TmuxErrorMapper)` in one,
 * so tmux failures become the documented tool errors (docs/reference/errors.md#error-mapping).
 * A tool with other mappers writes `@Tool` and `@HandleErrors` itself.
 */
export function TmuxTool(tier: Tier, options: ToolOptions = {}): ClassDecorator {
  return applyDecorators(Tool(tier, options), HandleErrors(TmuxErrorMapper));
}
