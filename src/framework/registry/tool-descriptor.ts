import type { Class } from '../metadata/param-metadata';
import type { ToolMetadata } from '../metadata/tool-metadata';
import type { JsonSchema } from '../validation/dto-schema';

/** Everything the server knows about one tool, built once at start. */
export interface ToolDescriptor {
  readonly name: string;
  readonly cls: Class;
  readonly meta: ToolMetadata;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
}
