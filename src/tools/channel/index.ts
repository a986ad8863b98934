import { SignalChannelTool } from './signal-channel.tool';
import { WaitForChannelTool } from './wait-for-channel.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the channel family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [WaitForChannelTool, SignalChannelTool];
