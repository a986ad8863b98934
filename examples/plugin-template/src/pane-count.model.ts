import { Field } from 'tmux-mcp-ts';

/** The output model of `count_panes`: its `@Field`s are the advertised outputSchema (docs/reference/protocol.md#output-schemas). */
export class PaneCount {
  @Field({ type: 'integer', description: 'Panes counted.' })
  panes!: number;

  @Field({ type: 'integer', description: 'Sessions looked at.' })
  sessions!: number;
}
