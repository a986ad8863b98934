import { Param } from '../../../framework/decorators/param.decorator';
import { ServerTarget } from '../../common/target.inputs';

export class KillPaneInput extends ServerTarget {
  @Param({ type: 'string' }) pane_id!: string;
}
