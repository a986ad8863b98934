import { Param } from '../../../framework/decorators/param.decorator';
import { PasteTarget } from '../../common/target.inputs';

/** paste_text's input, parameters in schema order (docs/reference/tools.md#paste_text). */
export class PasteTextInput extends PasteTarget {
  @Param({
    type: 'string',
    allowNul: true,
    description: 'Any size, multi-line',
  })
  text!: string;
}
