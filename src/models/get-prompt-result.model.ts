import { Field } from '../framework/decorators/param.decorator';

/** One rendered prompt message: the MCP PromptMessage shape. */
export class PromptMessageInfo {
  @Field({ enum: ['user', 'assistant'] }) role!: 'user' | 'assistant';
  @Field({ type: 'object', description: 'MCP content block, e.g. {"type": "text", "text": "..."}.' })
  content!: Record<string, unknown>;
}

/** Result of the `get_prompt` tool (prompts as tools, docs/reference/tools.md#getpromptresult). */
export class GetPromptResult {
  @Field({ listOf: PromptMessageInfo }) messages!: PromptMessageInfo[];
}
