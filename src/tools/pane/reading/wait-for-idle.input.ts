import { IsInt, IsNumber, IsPositive, Min } from 'class-validator';
import { Default, Description, Nullable } from '../../../framework/decorators/dto.decorators';
import { Param } from '../../../framework/decorators/param.decorator';
import { P } from '../../common/common-params';

/** docs/reference/tools.md#wait_for_idle: bounds live in the schema. */
export class WaitForIdleInput {
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;

  @IsNumber()
  @IsPositive()
  @Default(2.0)
  idle_seconds!: number;

  @IsNumber()
  @IsPositive()
  @Default(30.0)
  timeout!: number;

  @IsInt()
  @Min(1)
  @Nullable()
  @Default(50)
  @Description('Lines to return (null: screen)')
  max_lines!: number | null;

  @Param(P.socketName) socket_name!: string | null;

  @Param(P.host) host!: string | null;
}
