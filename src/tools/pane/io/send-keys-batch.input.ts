import { Param } from '../../../framework/decorators/param.decorator';
import { ServerTarget } from '../../common/target.inputs';
import { SendKeysOperation } from './send-keys-operation.input';

/**
 * send_keys_batch's input (docs/reference/tools.md#send_keys_batch); `timeout` > 0 lives in the
 * schema (docs/reference/tools.md#numeric-bounds).
 */
export class SendKeysBatchInput extends ServerTarget {
  @Param({ listOf: SendKeysOperation, description: 'send_keys calls, in order.' })
  operations!: SendKeysOperation[];
  @Param({
    type: 'string',
    enum: ['stop', 'continue'],
    default: 'stop',
    description: 'stop at the first failure, or continue.',
  })
  on_error!: 'stop' | 'continue';
  @Param({
    type: 'number',
    nullable: true,
    default: null,
    exclusiveMinimum: 0,
    description: 'Seconds for the whole batch (null: none).',
  })
  timeout!: number | null;
}
