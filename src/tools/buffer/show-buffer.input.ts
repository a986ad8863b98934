import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';
import { BUFFER_NAME } from './buffer-name.param';

export class ShowBufferInput extends ServerTarget {
  @Param(BUFFER_NAME) buffer_name!: string;
  @Param({
    type: 'integer',
    nullable: true,
    default: 500,
    minimum: 1,
    description: 'Last N lines only (null: all).',
  })
  max_lines!: number | null;
}
