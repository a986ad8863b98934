import { DependencyContainer, inject, injectable } from 'tsyringe';
import { CONTAINER, enabledFeatures } from '../framework/tokens';
import { ValidationError } from '../framework/errors/tool-errors';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';
import { formatViolations, validateDto } from '../framework/validation/dto-validator';
import { safeKey } from '../framework/validation/safe-repr';

/**
 * Innermost core layer: raw arguments → validated DTO instance. Unknown arguments are rejected
 * by name with the suggestion of docs/reference/protocol.md#unknown-arguments; values never appear in the
 * text (docs/reference/protocol.md#validation-error-text). The outcome, instance or error, is left
 * on `call.validation` for the outer layers (docs/architecture.md#validation-outcome).
 */
@injectable()
export class ValidationInterceptor implements ToolInterceptor {
  readonly order = ORDER.VALIDATION;
  private readonly resolveDefault: (token: symbol) => unknown;
  private readonly features: ReadonlySet<string> | undefined;

  constructor(@inject(CONTAINER) container: DependencyContainer) {
    this.resolveDefault = (token) => container.resolve(token);
    this.features = enabledFeatures(container);
  }

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    const r = validateDto(call.tool.meta.input, call.args, this.resolveDefault, this.features);
    if (r.violations.length) {
      let suggestion: string | undefined;
      if (r.unknownKeys.length) {
        suggestion = `Remove or correct the unrecognized argument(s): ${r.unknownKeys.map(safeKey).join(', ')}.`;
        if (r.unknownKeys.includes('wait_for_previous')) {
          const c = call.ctx.client;
          const who = c?.name ? `your client (${[c.name, c.version].filter(Boolean).join(' ')})` : 'some clients (e.g. Gemini CLI)';
          suggestion += ` wait_for_previous is a scheduling flag ${who} can leak into batched tool calls; retry the call without it.`;
        }
      }
      const error = new ValidationError(formatViolations(call.tool.name, r.violations, safeKey), { suggestion, rejected: r.violations });
      // For the layers outside (the audit record): what was rejected, without validating again.
      call.validation = { error };
      throw error;
    }
    call.input = r.value;
    call.validation = { input: r.value };
    return next();
  }
}
