import { PaneTarget } from '../../common/target.inputs';

/** clear_pane's input (docs/reference/tools.md#clear_pane): the pane target arguments only. */
export class ClearPaneInput extends PaneTarget {}
