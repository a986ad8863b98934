import { GetWindowInfoTool } from './get-window-info.tool';
import { KillWindowTool } from './kill-window.tool';
import { ListPanesTool } from './list-panes.tool';
import { MoveWindowTool } from './move-window.tool';
import { RenameWindowTool } from './rename-window.tool';
import { ResizeWindowTool } from './resize-window.tool';
import { SelectLayoutTool } from './select-layout.tool';
import { SplitWindowTool } from './split-window.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the window family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [
  ListPanesTool,
  GetWindowInfoTool,
  SplitWindowTool,
  RenameWindowTool,
  KillWindowTool,
  SelectLayoutTool,
  ResizeWindowTool,
  MoveWindowTool,
];
