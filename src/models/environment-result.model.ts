import { Field } from '../framework/decorators/param.decorator';

/** EnvironmentResult (docs/reference/tools.md#environmentresult): `NAME=value` → string; a tmux `-NAME` removal entry → true. */
export class EnvironmentResult {
  @Field({
    type: 'object',
    schema: { additionalProperties: { anyOf: [{ type: 'string' }, { type: 'boolean' }] } },
    description: 'Variables by name; true marks a variable tmux removes from spawned processes (-NAME).',
  })
  variables!: Record<string, string | boolean>;
}
