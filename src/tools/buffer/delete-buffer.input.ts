import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';
import { BUFFER_NAME } from './buffer-name.param';

export class DeleteBufferInput extends ServerTarget {
  @Param(BUFFER_NAME) buffer_name!: string;
}
