import { Param } from '../../framework/decorators/param.decorator';
import { ServerTarget } from '../common/target.inputs';

export class KillWindowInput extends ServerTarget {
  // No fallback target for a destructive tool (docs/reference/tools.md#required-targets); the id is required.
  @Param({ type: 'string' }) window_id!: string;
}
