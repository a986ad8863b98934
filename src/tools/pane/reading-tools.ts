import { CapturePaneTool } from './reading/capture-pane.tool';
import { CaptureSinceTool } from './reading/capture-since.tool';
import { SearchPanesTool } from './reading/search-panes.tool';
import { SnapshotPaneTool } from './reading/snapshot-pane.tool';
import { WaitForIdleTool } from './reading/wait-for-idle.tool';
import { WaitForTextTool } from './reading/wait-for-text.tool';
import type { Class } from '../../framework/types';

/** Pane reading/waiting tool classes (order does not matter: pane/index.ts orders the family). */
export const tools: Class[] = [CapturePaneTool, CaptureSinceTool, SearchPanesTool, WaitForTextTool, WaitForIdleTool, SnapshotPaneTool];
