import type { ToolCallContext } from './call-context';

/** A tool's handler contract: the dispatcher resolves the class and calls `execute`. */
export interface ToolHandler<I = unknown, O = unknown> {
  execute(input: I, ctx: ToolCallContext): Promise<O>;
}
