import type { Class } from '../../framework/metadata/param-metadata';
import { ShowHookTool } from './show-hook.tool';
import { ShowHooksTool } from './show-hooks.tool';

/** Tool classes of the hook family, in registration order (SPEC §1.1). */
export const tools: Class[] = [ShowHooksTool, ShowHookTool];
