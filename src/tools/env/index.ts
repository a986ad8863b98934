import { SetEnvironmentTool } from './set-environment.tool';
import { ShowEnvironmentTool } from './show-environment.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the env family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [ShowEnvironmentTool, SetEnvironmentTool];
