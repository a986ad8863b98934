import { ShowHookTool } from './show-hook.tool';
import { ShowHooksTool } from './show-hooks.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the hook family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [ShowHooksTool, ShowHookTool];
