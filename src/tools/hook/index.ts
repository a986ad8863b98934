import type { Class } from '../../framework/metadata/param-metadata';
import { ShowHookTool } from './show-hook.tool';
import { ShowHooksTool } from './show-hooks.tool';

/** Tool classes of the hook family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [ShowHooksTool, ShowHookTool];
