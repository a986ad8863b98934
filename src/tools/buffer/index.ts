import type { Class } from '../../framework/metadata/param-metadata';
import { DeleteBufferTool } from './delete-buffer.tool';
import { LoadBufferTool } from './load-buffer.tool';
import { PasteBufferTool } from './paste-buffer.tool';
import { ShowBufferTool } from './show-buffer.tool';

/** Tool classes of the buffer family, in registration order (SPEC §1.1). */
export const tools: Class[] = [LoadBufferTool, PasteBufferTool, ShowBufferTool, DeleteBufferTool];
