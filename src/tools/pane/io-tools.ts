import { ClearPaneTool } from './io/clear-pane.tool';
import { DisplayMessageTool } from './io/display-message.tool';
import { PasteTextTool } from './io/paste-text.tool';
import { RunCommandTool } from './io/run-command.tool';
import { SendKeysBatchTool } from './io/send-keys-batch.tool';
import { SendKeysTool } from './io/send-keys.tool';
import type { Class } from '../../framework/types';

/** Pane io tool classes (order does not matter: pane/index.ts orders the family). */
export const tools: Class[] = [SendKeysTool, SendKeysBatchTool, RunCommandTool, ClearPaneTool, DisplayMessageTool, PasteTextTool];
