import { Param } from '../../../framework/decorators/param.decorator';
import { PaneTarget } from '../../common/target.inputs';

/** display_message's input (docs/reference/tools.md#display_message). */
export class DisplayMessageInput extends PaneTarget {
  @Param({
    type: 'string',
    description: "e.g. '#{pane_current_command} #{cursor_x}'; #() and E:/T: are refused",
  })
  format_string!: string;
}
