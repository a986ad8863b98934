import type { Tier } from '../metadata/tool-metadata';
import type { ToolCallContext } from '../pipeline/call-context';
import type { ToolDescriptor } from '../registry/tool-descriptor';
import { token } from '../tokens';

/**
 * A human in the loop (docs/reference/safety.md#confirmation): which calls ask the person at the
 * client before they act. `destructive`: calls of destructive-tier tools; `mutating`: those and
 * every mutating-tier call. Readonly calls never ask.
 */
export const CONFIRM_MODES = ['off', 'destructive', 'mutating'] as const;
export type ConfirmMode = (typeof CONFIRM_MODES)[number];

/** Whether a call of a tool of `tier` asks under `mode`. */
export function confirmAsks(mode: ConfirmMode, tier: Tier): boolean {
  return tier === 'destructive' ? mode !== 'off' : tier === 'mutating' && mode === 'mutating';
}

/** The confirmation step's settings (registered by the composition root only when the mode is not `off`). */
export interface ConfirmPolicy {
  readonly mode: ConfirmMode;
  /** How long the person has to answer. */
  readonly timeoutSeconds: number;
  /** The setting as the operator writes it, for the refusal a client without elicitation gets (`TMUX_MCP_CONFIRM=destructive`). */
  readonly setting: string;
}
export const CONFIRM_POLICY = token<ConfirmPolicy>('confirm-policy');

/** What the person is asked to confirm. */
export interface CallConfirmation {
  /** What the call will do to what, in plain words (a line; a batch: a line per operation). Also the refusal's `<what>`. */
  readonly text: string;
  /**
   * Nested calls this one answer covers: a batch's operations, by their arguments object (the
   * very object the nested call receives). They are not asked again; any other nested call is.
   */
  readonly covers?: readonly object[];
}

/** What a describer is told besides the input: which tiers ask, and how to describe a nested call. */
export interface ConfirmScope {
  asks(tier: Tier): boolean;
  /**
   * A nested call the describing call will make (a batch's operation), described as its own call
   * would be; null when it asks nothing (its tier does not ask, its arguments would be rejected,
   * no such tool is visible).
   */
  describe(tool: string, args: Record<string, unknown>): Promise<CallConfirmation | null>;
}

/**
 * The optional hook of a tool class (docs/reference/safety.md#describing-a-call): what this call
 * will do, read from the live system, for the person asked to confirm it. Called with the
 * validated input, before `execute`, only when the call asks. null: nothing to ask (a batch
 * without an operation that asks). It may throw the error the call would fail with (a target
 * that does not exist, a self-kill guard): nobody is asked and nothing is done.
 */
export interface DescribesCall<I = unknown> {
  describeCall(input: I, ctx: ToolCallContext, scope: ConfirmScope): Promise<string | CallConfirmation | null>;
}

/** Whether a tool instance has the hook. */
export function describesCall(handler: unknown): handler is DescribesCall {
  return typeof (handler as Partial<DescribesCall> | null)?.describeCall === 'function';
}

/**
 * The description of a tool without its own hook, registered by the domain under CALL_DESCRIBER
 * (it can name a call's target from the live system); absent, the framework's generic sentence
 * names the tool and its arguments.
 */
export interface FallbackDescriber {
  describe(tool: ToolDescriptor, input: unknown, ctx: ToolCallContext): Promise<string>;
}
export const CALL_DESCRIBER = token<FallbackDescriber>('call-describer');

/** The person's answer; `timeout`: none within the policy's time. */
export type ConfirmAnswer = 'accept' | 'decline' | 'cancel' | 'timeout';

/** How the framework asks the person at the client (the protocol adapter's MCP elicitation). */
export interface Elicitor {
  /** What the client lacks to be asked (`the elicitation capability`), or null when it can be. */
  lacks(): string | null;
  /** Asks; the call's abort signal withdraws the question (the request is cancelled towards the client). */
  ask(message: string, opts: { signal: AbortSignal; timeoutMs: number; relatedRequestId: string | number | null }): Promise<ConfirmAnswer>;
}
export const ELICITOR = token<Elicitor>('elicitor');
