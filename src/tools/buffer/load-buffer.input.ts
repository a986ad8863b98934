import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';

export class LoadBufferInput extends ServerTarget {
  @Param({ type: 'string', allowNul: true, description: 'Text to stage (exact bytes).' })
  content!: string;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: 'Label, 1-64 of A-Z a-z 0-9 _ . - (gets a unique prefix).',
  })
  logical_name!: string | null;
}
