import { Param } from '../../framework/decorators/param.decorator';
import { P } from '../common/common-params';
import { SpawnTarget } from '../common/target.inputs';

export class CreateSessionInput extends SpawnTarget {
  @Param({ ...P.name('No . or :'), nullable: true, default: null })
  session_name!: string | null;
  @Param({ ...P.name(), nullable: true, default: null })
  window_name!: string | null;
  @Param({ type: 'string', nullable: true, default: null })
  start_directory!: string | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Columns.' })
  x!: number | null;
  @Param({ type: 'integer', nullable: true, default: null, minimum: 1, description: 'Rows.' })
  y!: number | null;
  @Param({
    ...P.environment,
    description: 'Session env vars',
  })
  environment!: Record<string, string> | string | null;
}
