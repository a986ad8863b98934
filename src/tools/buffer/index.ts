import { DeleteBufferTool } from './delete-buffer.tool';
import { LoadBufferTool } from './load-buffer.tool';
import { PasteBufferTool } from './paste-buffer.tool';
import { ShowBufferTool } from './show-buffer.tool';
import type { Class } from '../../framework/types';

/** Tool classes of the buffer family, in registration order (docs/reference/tools.md#catalog). */
export const tools: Class[] = [LoadBufferTool, PasteBufferTool, ShowBufferTool, DeleteBufferTool];
