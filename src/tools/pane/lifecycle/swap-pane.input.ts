import { Param } from '../../../framework/decorators/param.decorator';
import { ServerTarget } from '../../common/target.inputs';

export class SwapPaneInput extends ServerTarget {
  @Param({ type: 'string' })
  source_pane_id!: string;
  @Param({ type: 'string' })
  target_pane_id!: string;
}
