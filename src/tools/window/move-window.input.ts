import { Default, Description } from '../../framework/decorators/dto.decorators';
import { Param } from '../../framework/decorators/param.decorator';
import { IsIndex } from '../../framework/validation/constraints';
import { WindowTargetFirst } from '../common/target.inputs';

export class MoveWindowInput extends WindowTargetFirst {
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
}
