import { CallArguments } from '../framework/decorators/dto.decorators';
import { Param } from '../framework/decorators/param.decorator';

/** One nested call of a batch wrapper (docs/reference/tools.md#toolcalloperation; extra keys are rejected). */
export class ToolCallOperation {
  @Param({ type: 'string', description: 'Name of the tool to call (any visible non-batch tool of this tier or below).' })
  tool!: string;

  // The nested call checks them, nesting limit included (docs/reference/protocol.md#nesting-limit).
  @CallArguments()
  @Param({ type: 'object', default: {}, description: "The nested tool's arguments, exactly as that tool accepts them." })
  arguments!: Record<string, unknown>;
}
