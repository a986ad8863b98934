import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';
import { SpawnTarget } from '../../common/target.inputs';

/**
 * No session/window fallback arguments on purpose (docs/reference/tools.md#required-targets): with
 * kill=true a fallback to "the first pane" could silently kill an unrelated process.
 */
export class RespawnPaneInput extends SpawnTarget {
  @Param({ type: 'string' }) pane_id!: string;
  @Param({
    type: 'boolean',
    default: true,
    description: 'Kill the running process first (-k); else a live pane fails.',
  })
  kill!: boolean;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: 'Command instead of the original one (sh -c).',
  })
  shell!: string | null;
  @Param({ type: 'string', nullable: true, default: null })
  start_directory!: string | null;
  @Param({
    ...P.environment,
  })
  environment!: Record<string, string> | string | null;
}
