import { Field } from '../framework/decorators/param.decorator';

/** One argument of a prompt, as `list_prompts` reports it (docs/reference/tools.md#promptlistresult). */
export class PromptArgumentInfo {
  @Field({ type: 'string' }) name!: string;
  @Field({ type: 'string', nullable: true }) description!: string | null;
  @Field({ type: 'boolean' }) required!: boolean;
}

/** One prompt, as `list_prompts` reports it (docs/reference/tools.md#promptlistresult). */
export class PromptInfo {
  @Field({ type: 'string' }) name!: string;
  @Field({ type: 'string', nullable: true }) title!: string | null;
  @Field({ type: 'string', nullable: true }) description!: string | null;
  @Field({ listOf: PromptArgumentInfo }) arguments!: PromptArgumentInfo[];
}

/** Result of the `list_prompts` tool (prompts as tools, docs/reference/tools.md#promptlistresult). */
export class PromptListResult {
  @Field({ listOf: PromptInfo }) prompts!: PromptInfo[];
}
