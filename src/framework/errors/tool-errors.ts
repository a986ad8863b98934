/**
 * Error classes tools and services throw. Each carries a static `errorType` (SPEC C13): bundlers
 * rename classes, so `constructor.name` cannot be trusted for `_meta.error_type`.
 */
export interface ToolErrorOptions {
  suggestion?: string;
  cause?: unknown;
}

/** An unexpected failure (logged at error; `_meta.expected: false`). */
export class ToolError extends Error {
  static readonly errorType: string = 'ToolError';
  readonly expected: boolean = false;
  readonly suggestion?: string;
  override readonly cause?: unknown;

  constructor(message: string, options: ToolErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.suggestion = options.suggestion;
    this.cause = options.cause;
  }
}

/** A failure the agent can correct (bad target, tool rule, tier): logged at warn, `_meta.expected: true`. */
export class ExpectedToolError extends ToolError {
  static override readonly errorType: string = 'ExpectedToolError';
  override readonly expected: boolean = true;
}

/** Schema validation failure (SPEC C11); the message never contains rejected values. */
export class ValidationError extends ExpectedToolError {
  static override readonly errorType: string = 'ValidationError';
}

/** Anything that was not mapped: `Unexpected error: <name>: <msg>`. */
export class UnexpectedError extends ToolError {
  static override readonly errorType: string = 'UnexpectedError';
}

/** `error_type` of any thrown value: the static errorType of its class, else `UnexpectedError`. */
export function errorTypeOf(err: unknown): string {
  if (err && typeof err === 'object') {
    const ctor = (err as { constructor?: { errorType?: unknown } }).constructor;
    if (ctor && typeof ctor.errorType === 'string') return ctor.errorType;
  }
  return 'UnexpectedError';
}

/** Per SPEC §3: `error_type` is the cause's type when the error was chained from one. */
export function reportedErrorType(err: ToolError): string {
  if (err.cause !== undefined && err.cause !== null && typeof err.cause === 'object') {
    const t = errorTypeOf(err.cause);
    if (t !== 'UnexpectedError' || err instanceof UnexpectedError) return t;
  }
  return errorTypeOf(err);
}

/**
 * Turns a domain exception into a ToolError (with suggestion), or returns undefined to let the
 * next mapper try. Named by tools through `@HandleErrors(...)`.
 */
export interface ErrorMapper {
  map(error: unknown): ToolError | undefined;
}
