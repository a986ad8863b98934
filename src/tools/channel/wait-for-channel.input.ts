import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';

export class WaitForChannelInput extends ServerTarget {
  @Param({ type: 'string', description: 'Fresh per wait; 1-128 of A-Za-z0-9_.:-' })
  channel!: string;
  @Param({
    type: 'number',
    default: 30.0,
  })
  timeout!: number;
}
