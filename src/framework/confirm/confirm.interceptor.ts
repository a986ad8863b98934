import { DependencyContainer, inject, injectable } from 'tsyringe';
import { ExpectedToolError } from '../errors/tool-errors';
import type { Tier } from '../metadata/tool-metadata';
import type { ToolCallContext } from '../pipeline/call-context';
import { TOOL_DISPATCHER } from '../pipeline/tool-dispatcher';
import { type Next, ORDER, type ToolCall, type ToolInterceptor } from '../pipeline/tool-interceptor';
import type { ToolResult } from '../pipeline/tool-result';
import type { ToolDescriptor } from '../registry/tool-descriptor';
import { CONTAINER, enabledFeatures, resolveToken } from '../tokens';
import { validateDto } from '../validation/dto-validator';
import { safeRepr, safeText } from '../validation/safe-repr';
import {
  CALL_DESCRIBER,
  type CallConfirmation,
  confirmAsks,
  CONFIRM_POLICY,
  type ConfirmPolicy,
  type ConfirmScope,
  describesCall,
  ELICITOR,
  type Elicitor,
  type FallbackDescriber,
} from './confirm';

/**
 * A human in the loop (docs/reference/safety.md#confirmation): a call of a tier the policy names
 * asks the person at the client, through MCP elicitation, before the tool acts; it proceeds only
 * on their yes. Inside validation and the tier gate (a hidden tool stays hidden, a rejected
 * argument asks nothing), so the question is about a call that would run. What the call will do
 * is said by the tool (its `describeCall`), else by the domain's fallback describer, else by a
 * generic sentence; this layer knows elicitation, not the domain. Registered only when the mode
 * is not `off`: an unconfirmed server's calls never pass here.
 */
@injectable()
export class ConfirmInterceptor implements ToolInterceptor {
  readonly order = ORDER.CONFIRM;
  /** Nested calls whose batch's answer covered them (their arguments objects); weak: they go with their request. */
  private readonly covered = new WeakSet<object>();

  constructor(
    @inject(CONFIRM_POLICY) private readonly policy: ConfirmPolicy,
    @inject(CONTAINER) private readonly container: DependencyContainer,
  ) {}

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    if (!confirmAsks(this.policy.mode, call.tool.meta.tier)) return next();
    if (call.ctx.depth > 0 && this.covered.has(call.args)) {
      call.confirmed = true;
      return next();
    }
    const described = await this.describe(call.tool, call.input, call.ctx);
    if (!described) return next();
    call.confirmed = false;
    const elicitor = this.elicitor();
    const lacks = elicitor ? elicitor.lacks() : 'the elicitation capability';
    if (lacks !== null) throw this.unasked(lacks, call.ctx);
    const { text } = described;
    let answer: string;
    try {
      answer = await elicitor!.ask(text.includes('\n') ? text : `${text}?`, {
        signal: call.ctx.signal,
        timeoutMs: this.policy.timeoutSeconds * 1000,
        relatedRequestId: call.ctx.requestId,
      });
    } catch (err) {
      // A cancelled call withdrew its question: nothing is done, and nobody waits for a reply.
      if (call.ctx.signal.aborted) throw err;
      throw new ExpectedToolError(
        `The client could not ask the user (${safeText((err as Error)?.message ?? err, 120)}); nothing was done: ${text}`,
      );
    }
    if (answer === 'timeout') throw new ExpectedToolError(`The user did not answer within ${this.policy.timeoutSeconds} s: ${text}`);
    if (answer !== 'accept') throw new ExpectedToolError(`The user declined: ${text}`);
    call.confirmed = true;
    for (const args of described.covers ?? []) this.covered.add(args);
    return next();
  }

  /** What the call will do: the tool's hook, the domain's fallback, or the generic sentence. */
  private async describe(tool: ToolDescriptor, input: unknown, ctx: ToolCallContext): Promise<CallConfirmation | null> {
    const handler = ctx.get(tool.cls);
    if (describesCall(handler)) {
      const d = await handler.describeCall(input, ctx, this.scope(ctx));
      return typeof d === 'string' ? { text: d } : d;
    }
    const fallback = this.container.isRegistered(CALL_DESCRIBER, true) ? this.container.resolve<FallbackDescriber>(CALL_DESCRIBER) : null;
    return { text: fallback ? await fallback.describe(tool, input, ctx) : genericSentence(tool, input) };
  }

  /** A describing call's view: which tiers ask, and its nested calls described as their own calls would be. */
  private scope(ctx: ToolCallContext): ConfirmScope {
    return {
      asks: (tier: Tier) => confirmAsks(this.policy.mode, tier),
      describe: async (name, args) => {
        const tool = resolveToken(this.container, TOOL_DISPATCHER).visible(name);
        if (!tool || !confirmAsks(this.policy.mode, tool.meta.tier)) return null;
        // Arguments the nested call's validation will reject ask nothing: that call never acts.
        const v = validateDto(tool.meta.input, args, (t) => this.container.resolve(t), enabledFeatures(this.container));
        if (v.violations.length) return null;
        return this.describe(tool, v.value, ctx);
      },
    };
  }

  private elicitor(): Elicitor | null {
    return this.container.isRegistered(ELICITOR, true) ? this.container.resolve<Elicitor>(ELICITOR) : null;
  }

  /** A client that cannot be asked: refused, never run unasked (docs/reference/safety.md#confirmation). */
  private unasked(lacks: string, ctx: ToolCallContext): ExpectedToolError {
    const who = ctx.client?.name
      ? `the client (${safeText([ctx.client.name, ctx.client.version].filter(Boolean).join(' '), 64)})`
      : 'the client';
    return new ExpectedToolError(
      `${this.policy.setting} asks the user before this call, and ${who} did not declare ${lacks}; nothing was done.`,
      { suggestion: 'Ask the user to make this change themselves, or to connect with a client that supports MCP elicitation.' },
    );
  }
}

/** A tool without a describer: its name and its arguments (each through the safe repr, 60 code points). */
export function genericSentence(tool: ToolDescriptor, input: unknown): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v))) continue;
    parts.push(`${safeText(k, 40)}=${typeof v === 'string' ? safeRepr(v, 60) : safeText(JSON.stringify(v), 60)}`);
  }
  return `Call ${tool.meta.tier} tool '${safeText(tool.name, 64)}'${parts.length ? ` with ${parts.join(', ')}` : ''}`;
}
