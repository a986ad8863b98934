import { ExpectedToolError, safeText, type ErrorMapper, type ToolError } from 'tmux-mcp-ts';
import { UnknownSessionError } from './unknown-session.error';

/**
 * Registered under ERROR_MAPPERS: tried for every tool's unmapped errors, after the tool's own
 * `@HandleErrors` mappers (docs/reference/errors.md#error-mapping). The first mapper that returns
 * a ToolError wins; an `ExpectedToolError` tells the agent the mistake is its own and how to fix
 * it. Values from the call go through `safeText`, so control characters never reach the agent raw
 * (docs/reference/protocol.md#never-echoing-values).
 *
 * The server builds the class itself; a constructor with parameters would need tsyringe's
 * `@injectable()` (the start-up check names the class if it is missing).
 */
export class UnknownSessionMapper implements ErrorMapper {
  map(error: unknown): ToolError | undefined {
    if (!(error instanceof UnknownSessionError)) return undefined;
    const known = error.known.map((n) => safeText(n, 64));
    return new ExpectedToolError(`Session not found: ${safeText(error.sessionName, 64)}`, {
      suggestion: known.length ? `Sessions on this server: ${known.join(', ')}.` : 'The server has no sessions.',
    });
  }
}
