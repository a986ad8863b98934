import { Param } from '../framework/decorators/param.decorator';

export class ListPromptsInput {}

export class GetPromptInput {
  @Param({ type: 'string', description: 'Prompt name, as list_prompts reports it.' }) name!: string;
  @Param({
    type: 'object',
    nullable: true,
    default: null,
    description: 'Prompt arguments by name (string values), e.g. {"pane_id": "%1"}.',
  })
  arguments!: Record<string, unknown> | null;
}
