import { inject } from 'tsyringe';
import type { DependencyContainer } from 'tsyringe';
import { Tool } from '../framework/decorators/tool.decorator';
import { CONTAINER } from '../framework/tokens';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { ToolHandler } from '../framework/pipeline/tool-handler';
import { promptCatalogOf } from '../framework/protocol/protocol-extensions';
import { isPromptArgumentError, PromptCatalog } from '../framework/protocol/prompts.handlers';
import { GetPromptResult } from '../models/get-prompt-result.model';
import { PromptListResult } from '../models/prompt-list-result.model';
import { GetPromptInput, ListPromptsInput } from './get-prompt.input';

/**
 * Prompts as tools (docs/reference/resources-and-prompts.md#prompts-as-tools): for clients that
 * cannot use MCP prompts. Registered only when TMUX_MCP_PROMPTS_AS_TOOLS=1; readonly tier, so they
 * show at every safety level.
 */
@Tool({
  name: 'list_prompts',
  tier: 'readonly',
  title: 'List Prompts',
  description:
    'List the workflow prompts of this tmux MCP server (recipes for running commands, diagnosing panes, building workspaces, interrupting programs) with their arguments. Render one with get_prompt.',
  input: ListPromptsInput,
  output: PromptListResult,
})
export class ListPromptsTool implements ToolHandler<ListPromptsInput, PromptListResult> {
  private readonly catalog: PromptCatalog;

  constructor(@inject(CONTAINER) container: DependencyContainer) {
    this.catalog = promptCatalogOf(container);
  }

  async execute(): Promise<PromptListResult> {
    return { prompts: this.catalog.list() };
  }
}

@Tool('readonly', { title: 'Get Prompt' })
export class GetPromptTool implements ToolHandler<GetPromptInput, GetPromptResult> {
  static readonly toolName = 'get_prompt';
  static readonly description =
    'Render one workflow prompt of this tmux MCP server by name with its arguments and return its messages (the instructions to follow). Call list_prompts to see the prompts and their arguments.';
  static readonly Input = GetPromptInput;
  static readonly Output = GetPromptResult;
  private readonly catalog: PromptCatalog;

  constructor(@inject(CONTAINER) container: DependencyContainer) {
    this.catalog = promptCatalogOf(container);
  }

  async execute(input: GetPromptInput): Promise<GetPromptResult> {
    try {
      const { messages } = await this.catalog.get(input.name, input.arguments ?? {});
      return { messages };
    } catch (err) {
      // Over prompts/get these are -32602; as a tool they are agent-correctable
      // (docs/reference/resources-and-prompts.md#prompt-errors).
      if (isPromptArgumentError(err)) throw new ExpectedToolError(err.message);
      throw err;
    }
  }
}
