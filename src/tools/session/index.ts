import { CreateWindowTool } from './create-window.tool';
import { GetSessionInfoTool } from './get-session-info.tool';
import { KillSessionTool } from './kill-session.tool';
import { ListWindowsTool } from './list-windows.tool';
import { RenameSessionTool } from './rename-session.tool';
import { SelectWindowTool } from './select-window.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the session family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [ListWindowsTool, GetSessionInfoTool, CreateWindowTool, RenameSessionTool, KillSessionTool, SelectWindowTool];
