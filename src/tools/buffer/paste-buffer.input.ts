import { Param } from '../../framework/decorators/param.decorator';
import { PasteTarget } from '../common/target.inputs';
import { BUFFER_NAME } from './buffer-name.param';

export class PasteBufferInput extends PasteTarget {
  @Param(BUFFER_NAME) buffer_name!: string;
}
