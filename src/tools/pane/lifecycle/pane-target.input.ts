import { PaneTarget } from '../../common/target.inputs';

/** The plain pane target (docs/reference/tools.md#pane-resolution) of get_pane_info and exit_copy_mode. */
export class PaneTargetInput extends PaneTarget {}
