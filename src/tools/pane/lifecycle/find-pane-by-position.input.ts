import { Param } from '../../../framework/decorators/param.decorator';
import { WindowTarget } from '../../common/target.inputs';
import { Corner, CORNERS } from './corner';

export class FindPaneByPositionInput extends WindowTarget {
  @Param({ type: 'string', enum: CORNERS })
  corner!: Corner;
}
