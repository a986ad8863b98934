import { IsBoolean, IsInt, IsNumber, IsPositive, IsString, Min } from 'class-validator';
import { Default, Description, Nullable } from '../../../framework/decorators/dto.decorators';

/** docs/reference/tools.md#wait_for_run: bounds live in the schema. */
export class WaitForRunInput {
  @IsString()
  run_id!: string;

  @IsNumber()
  @IsPositive()
  @Default(30.0)
  timeout!: number;

  @IsInt()
  @Min(1)
  @Nullable()
  @Default(null)
  @Description('Last N lines only')
  max_lines!: number | null;

  @IsBoolean()
  @Default(true)
  return_on_input!: boolean;
}
