import { injectable } from 'tsyringe';
import type { ToolSpec } from '../../framework/decorators/tool.decorator';
import type { CallConfirmation, ConfirmScope, DescribesCall } from '../../framework/confirm/confirm';
import type { ToolCallContext } from '../../framework/pipeline/call-context';
import type { ToolHandler } from '../../framework/pipeline/tool-handler';
import { getToolMetadata, type Tier, type ToolAnnotations } from '../../framework/metadata/tool-metadata';
import type { Class } from '../../framework/types';
import { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import { batchToolName } from './batch-names';
import { BatchRunner } from './batch-runner.service';
import { ToolCallBatchInput } from './batch.input';

/** Everything a batch wrapper declares but its description and hints: name and title from the tier. */
export function batchToolSpec(tier: Tier, description: string, hints: Omit<ToolAnnotations, 'title'> = {}): ToolSpec {
  const title = `Call ${tier[0].toUpperCase()}${tier.slice(1)} Tools Batch`;
  return { name: batchToolName(tier), tier, title, ...hints, description, input: ToolCallBatchInput, output: ToolCallBatchResult };
}

/**
 * A batch wrapper: runs the operations through the dispatcher with its own tier as the ceiling for
 * nested calls (docs/reference/tools.md#batch-wrappers). Each tier's class adds only its `@Tool`.
 */
@injectable()
export class BatchToolBase implements ToolHandler<ToolCallBatchInput, ToolCallBatchResult>, DescribesCall<ToolCallBatchInput> {
  constructor(private readonly runner: BatchRunner) {}

  execute(input: ToolCallBatchInput, ctx: ToolCallContext): Promise<ToolCallBatchResult> {
    return this.runner.run(this.tier, input, ctx);
  }

  /** One question for the whole batch, listing each operation that asks (docs/reference/safety.md#confirmation). */
  describeCall(input: ToolCallBatchInput, _ctx: ToolCallContext, scope: ConfirmScope): Promise<CallConfirmation | null> {
    return this.runner.describe(this.tier, input, scope);
  }

  private get tier(): Tier {
    return getToolMetadata(this.constructor as Class)!.tier;
  }
}
