import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { SpawnTargetWithEnvironment } from '../common/target.inputs';

export class CreateWindowInput extends SpawnTargetWithEnvironment {
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param({ ...P.name(), nullable: true, default: null }) window_name!: string | null;
  @Param({ type: 'string', nullable: true, default: null })
  start_directory!: string | null;
  @Param({
    type: 'boolean',
    default: false,
    description: 'Make it current',
  })
  attach!: boolean;
  @Param({
    type: 'string',
    enum: ['before', 'after'],
    nullable: true,
    default: null,
    description: 'Next to the current window',
  })
  direction!: 'before' | 'after' | null;
}
