import { IsInt, IsNumber, IsPositive, Min } from 'class-validator';
import { Default, Description, Nullable } from '../../../framework/decorators/dto.decorators';
import { PaneTargetFirst } from '../../common/target.inputs';

/** docs/reference/tools.md#wait_for_idle: bounds live in the schema. */
export class WaitForIdleInput extends PaneTargetFirst {
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
}
