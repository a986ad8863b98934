import { Field } from '../framework/decorators/param.decorator';
import { PaneContentMatch } from './pane-content-match.model';

/** SearchPanesResult (docs/reference/tools.md#searchpanesresult): one page of matching panes, sorted by numeric pane id. */
export class SearchPanesResult {
  @Field({ listOf: PaneContentMatch, description: 'Matching panes of this page' }) matches!: PaneContentMatch[];
  @Field({ type: 'boolean', description: 'True when a per-pane line cap was hit or panes remain after this page' })
  truncated!: boolean;
  @Field({ type: 'string[]', description: 'Ids of matching panes after this page' }) truncated_panes!: string[];
  @Field({ type: 'integer', description: 'Matching panes before paging' }) total_panes_matched!: number;
  @Field({ type: 'integer' }) offset!: number;
  @Field({ type: 'integer', nullable: true }) limit!: number | null;
}
