import type { ToolMetadata } from '../metadata/tool-metadata';
import type { Class, JsonSchema } from '../types';

/** Everything the server knows about one tool, built once at start. */
export interface ToolDescriptor {
  readonly name: string;
  readonly cls: Class;
  readonly meta: ToolMetadata;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
}
