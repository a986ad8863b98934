import type { ValidationError } from '../errors/tool-errors';
import type { ToolDescriptor } from '../registry/tool-descriptor';
import type { ToolCallContext } from './call-context';
import type { ToolResult } from './tool-result';

/**
 * What the validation layer decided about a call's arguments: the DTO instance it built, or the
 * `ValidationError` it threw (whose `rejected` names the refused arguments). Layers outside
 * validation read it once `next()` has settled, instead of validating the arguments again
 * (docs/architecture.md#validation-outcome).
 */
export type CallValidation =
  { readonly input: unknown; readonly error?: undefined } | { readonly error: ValidationError; readonly input?: undefined };

/** One tool call travelling through the onion. */
export interface ToolCall {
  readonly tool: ToolDescriptor;
  /** Raw arguments as received (never logged verbatim). */
  readonly args: Record<string, unknown>;
  /** Validated DTO instance, set by the validation layer: what the tool is given. */
  input?: unknown;
  /**
   * The validation layer's outcome, set each time it runs (a retry runs it again). Unset when the
   * call was refused before validation ran (the tier gate, or a plugin layer inside the audit).
   */
  validation?: CallValidation;
  /**
   * Set by the confirmation layer when the call asked the person (or was covered by its batch's
   * question): whether they said yes. Unset when the call asked nothing
   * (docs/reference/safety.md#confirmation).
   */
  confirmed?: boolean;
  readonly ctx: ToolCallContext;
}

export type Next = () => Promise<ToolResult>;

/**
 * A layer of the onion. Lower `order` = outer. Registered under the INTERCEPTORS token; a plugin
 * slots one between two core layers by choosing an order between theirs (see ORDER).
 */
export interface ToolInterceptor {
  readonly order: number;
  intercept(call: ToolCall, next: Next): Promise<ToolResult>;
  /** Filters/edits the advertised tool list (e.g. the safety tier hides off-tier tools). */
  onList?(tools: ToolDescriptor[]): ToolDescriptor[];
  /** Told about calls to a name no tool has (answered with JSON-RPC -32602). */
  onUnknownTool?(name: string, args: Record<string, unknown>, ctx: ToolCallContext): void;
}

/**
 * Orders of the core layers (docs/reference/protocol.md#call-pipeline,
 * docs/architecture.md#interceptor-order). Pick a value between two to slot in.
 */
export const ORDER = {
  TIMING: 100,
  RESPONSE_LIMIT: 200,
  ERROR_RESULT: 300,
  AUDIT: 400,
  READONLY_RETRY: 500,
  SAFETY: 600,
  VALIDATION: 700,
  /** Registered only when TMUX_MCP_CONFIRM is on: after validation and the tier gate, before the tool acts. */
  CONFIRM: 750,
} as const;
