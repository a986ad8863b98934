import { SetOptionTool } from './set-option.tool';
import { ShowOptionTool } from './show-option.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the option family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [ShowOptionTool, SetOptionTool];
