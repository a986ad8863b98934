import { Default, Description } from '../../framework/decorators/dto.decorators';
import { Param } from '../../framework/decorators/param.decorator';
import { IsIndex } from '../../framework/validation/constraints';
import { P } from '../common/common-params';

export class MoveWindowInput {
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  // docs/reference/tools.md#index-and-size-inputs: "" (the next free index), an integer >= 0 or a
  // digit string; arrives as a string.
  @IsIndex({ allowEmpty: true })
  @Default('')
  @Description('"" (default): next free index.')
  destination_index!: string;
  @Param({
    type: 'string',
    nullable: true,
    default: null,
    description: 'Id or name; default its own.',
  })
  destination_session!: string | null;
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}
