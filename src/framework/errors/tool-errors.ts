/**
 * Error classes tools and services throw. Each carries a static `errorType`
 * (docs/reference/errors.md#error-types): bundlers rename classes, so `constructor.name` cannot be
 * trusted for `_meta.error_type`.
 */
export interface ToolErrorOptions {
  suggestion?: string;
  cause?: unknown;
  /**
   * The message as the log may hold it, when the message names a value the agent sent that no
   * log line may hold (docs/reference/safety.md#never-logged); the message otherwise.
   */
  logMessage?: string;
}

/** An unexpected failure (logged at error; `_meta.expected: false`). */
export class ToolError extends Error {
  static readonly errorType: string = 'ToolError';
  readonly expected: boolean = false;
  readonly suggestion?: string;
  override readonly cause?: unknown;
  /** What log lines say of this error instead of `message` (see ToolErrorOptions.logMessage). */
  readonly logMessage: string;

  constructor(message: string, options: ToolErrorOptions = {}) {
    super(message);
    this.logMessage = options.logMessage ?? message;
    // The stable type name, not the class name: the bundle minifies class names.
    this.name = (new.target as unknown as { errorType: string }).errorType;
    this.suggestion = options.suggestion;
    this.cause = options.cause;
  }
}

/** A failure the agent can correct (bad target, tool rule, tier): logged at warn, `_meta.expected: true`. */
export class ExpectedToolError extends ToolError {
  static override readonly errorType: string = 'ExpectedToolError';
  override readonly expected: boolean = true;
}

/** One rejected argument: where it is, never what it was. */
export interface RejectedArgument {
  readonly loc: readonly (string | number)[];
}

/**
 * Schema validation failure (docs/reference/protocol.md#validation-errors). The message never
 * contains rejected values; `rejected` says which arguments they were, so the audit record can
 * digest exactly those.
 */
export class ValidationError extends ExpectedToolError {
  static override readonly errorType: string = 'ValidationError';
  readonly rejected: readonly RejectedArgument[];

  constructor(message: string, options: ToolErrorOptions & { rejected?: readonly RejectedArgument[] } = {}) {
    super(message, options);
    this.rejected = options.rejected ?? [];
  }
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

/** docs/reference/errors.md#error-types: `error_type` is the cause's type when the error was chained from one. */
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

/**
 * The error to retry, if `err` (or the error it wraps) says a second attempt may succeed: its
 * `retryable` property is `true`. Domain layers set the property on their own error classes;
 * the retry layer knows no class (docs/reference/errors.md#retry).
 */
export function retryableError(err: unknown): Error | undefined {
  for (const c of [err, (err as { cause?: unknown } | null)?.cause]) {
    if (c instanceof Error && (c as { retryable?: unknown }).retryable === true) return c;
  }
  return undefined;
}
