import { DependencyContainer, inject, injectable, type InjectionToken } from 'tsyringe';
import { ErrorMapper, errorTypeOf, reportedErrorType, ToolError, UnexpectedError } from '../framework/errors/tool-errors';
import type { LoggerFactory } from '../framework/logging/logger.factory';
import { getErrorMappers } from '../framework/metadata/tool-metadata';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import { CONTAINER, ERROR_MAPPERS, LOGGER_FACTORY, resolveAllTokens } from '../framework/tokens';

/**
 * The only place an exception becomes an `isError` result (docs/reference/errors.md#error-results).
 * One error path (docs/architecture.md#error-path): an error that is already a ToolError stays
 * as it is; anything else goes to the mappers the tool's class names in `@HandleErrors` (in the
 * order given), then to the mappers plugins registered under ERROR_MAPPERS (in registration
 * order); the first that answers wins. Unmapped errors become `Unexpected error: <type>: <msg>`.
 */
@injectable()
export class ErrorResultInterceptor implements ToolInterceptor {
  readonly order = ORDER.ERROR_RESULT;
  private readonly log;
  private readonly globalMappers: ErrorMapper[];

  constructor(
    @inject(LOGGER_FACTORY) loggers: LoggerFactory,
    @inject(CONTAINER) private readonly container: DependencyContainer,
  ) {
    this.log = loggers('tmux_mcp.errors');
    this.globalMappers = resolveAllTokens(container, ERROR_MAPPERS).map((c) => container.resolve(c as InjectionToken<ErrorMapper>));
  }

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    try {
      return await next();
    } catch (err) {
      const te = this.toToolError(call, err);
      const text = te.suggestion ? `${te.message}\n${te.suggestion}` : te.message;
      const type = reportedErrorType(te);
      // The log's own text of the message: it may digest a value the agent sent (docs/reference/safety.md#never-logged).
      const line = `Error in tools/call: ${type}: ${te.logMessage}`;
      if (te.expected) this.log.warn(line);
      else this.log.error(`${line}${err instanceof Error && err.stack && !(err instanceof ToolError) ? `\n${err.stack}` : ''}`);
      const meta: Record<string, unknown> = { error_type: type, expected: te.expected };
      if (te.suggestion) meta.suggestion = te.suggestion;
      return { isError: true, content: [{ type: 'text', text }], _meta: meta };
    }
  }

  private toToolError(call: ToolCall, err: unknown): ToolError {
    if (err instanceof ToolError) return err;
    const mappers = getErrorMappers(call.tool.cls).map((c) => this.container.resolve(c) as ErrorMapper);
    for (const m of [...mappers, ...this.globalMappers]) {
      const mapped = m.map(err);
      if (mapped) return mapped;
    }
    const name = err instanceof Error ? (errorTypeOf(err) === 'UnexpectedError' ? err.name : errorTypeOf(err)) : typeof err;
    const msg = err instanceof Error ? err.message : String(err);
    return new UnexpectedError(`Unexpected error: ${name}: ${msg}`, { cause: err });
  }
}
