import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';

export class SignalChannelInput extends ServerTarget {
  @Param({ type: 'string', description: '1-128 of A-Za-z0-9_.:-' }) channel!: string;
}
