import { applyDecorators } from '../../framework/decorators/apply-decorators';
import { HandleErrors } from '../../framework/decorators/handle-errors.decorator';
import { Tool, type ToolSpec } from '../../framework/decorators/tool.decorator';
import { TmuxErrorMapper } from '../../services/tmux-error.mapper';

/**
 * A tool that talks to tmux: `@Tool(spec)` and `@HandleErrors(TmuxErrorMapper)` in one, so tmux
 * failures become the documented tool errors (docs/reference/errors.md#error-mapping). A tool
 * with other mappers writes `@Tool` and `@HandleErrors` itself.
 */
export function TmuxTool(spec: ToolSpec): ClassDecorator {
  return applyDecorators(Tool(spec), HandleErrors(TmuxErrorMapper));
}
