import type { Class } from '../../framework/metadata/param-metadata';
import { RunCommandReaper } from '../../services/run-command-reaper.service';
import { ClearPaneTool } from './io/clear-pane.tool';
import { DisplayMessageTool } from './io/display-message.tool';
import { PasteTextTool } from './io/paste-text.tool';
import { RunCommandTool } from './io/run-command.tool';
import { SendKeysBatchTool } from './io/send-keys-batch.tool';
import { SendKeysTool } from './io/send-keys.tool';

/** Pane io tool classes (order does not matter: pane/index.ts orders the family). */
export const tools: Class[] = [SendKeysTool, SendKeysBatchTool, RunCommandTool, ClearPaneTool, DisplayMessageTool, PasteTextTool];
/**
 * Stateful services of these tools, registered as per-server singletons. The reaper holds the
 * run_command leftovers of this server and registers its shutdown hook (SPEC C30).
 */
export const services: Class[] = [RunCommandReaper];
