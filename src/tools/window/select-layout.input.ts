import { Param } from '../../framework/decorators/param.decorator';
import { WindowTarget } from '../common/target.inputs';

export class SelectLayoutInput extends WindowTarget {
  @Param({
    type: 'string',
    description: 'A preset or a window_layout string from tmux',
  })
  layout!: string;
}
