/**
 * A domain error that knows nothing of MCP, the way the engine's errors know nothing of the
 * framework (docs/architecture.md#error-path). A tool could throw `ExpectedToolError` directly;
 * an error class plus a mapper (unknown-session.mapper.ts) suits code shared by several tools, or
 * a library of your own.
 */
export class UnknownSessionError extends Error {
  constructor(
    readonly sessionName: string,
    readonly known: readonly string[],
  ) {
    super(`no session named ${sessionName}`);
    this.name = 'UnknownSessionError';
  }
}
