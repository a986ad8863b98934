import { ClearPaneTool } from './io/clear-pane.tool';
import { DisplayMessageTool } from './io/display-message.tool';
import { PasteTextTool } from './io/paste-text.tool';
import { RunCommandTool } from './io/run-command.tool';
import { SendKeysBatchTool } from './io/send-keys-batch.tool';
import { SendKeysTool } from './io/send-keys.tool';
import { WaitForRunTool } from './io/wait-for-run.tool';
import { EnterCopyModeTool } from './lifecycle/enter-copy-mode.tool';
import { ExitCopyModeTool } from './lifecycle/exit-copy-mode.tool';
import { FindPaneByPositionTool } from './lifecycle/find-pane-by-position.tool';
import { GetPaneInfoTool } from './lifecycle/get-pane-info.tool';
import { KillPaneTool } from './lifecycle/kill-pane.tool';
import { PipePaneTool } from './lifecycle/pipe-pane.tool';
import { ResizePaneTool } from './lifecycle/resize-pane.tool';
import { RespawnPaneTool } from './lifecycle/respawn-pane.tool';
import { SelectPaneTool } from './lifecycle/select-pane.tool';
import { SetPaneTitleTool } from './lifecycle/set-pane-title.tool';
import { SwapPaneTool } from './lifecycle/swap-pane.tool';
import { CapturePaneTool } from './reading/capture-pane.tool';
import { CaptureSinceTool } from './reading/capture-since.tool';
import { SearchPanesTool } from './reading/search-panes.tool';
import { SnapshotPaneTool } from './reading/snapshot-pane.tool';
import { WaitForIdleTool } from './reading/wait-for-idle.tool';
import { WaitForTextTool } from './reading/wait-for-text.tool';
import type { Class } from '../../framework/types';
import type { PanePart } from '../toolset-names';

/**
 * The pane family in registration order (docs/reference/tools.md#catalog), each tool with its part:
 * the folder it lives in and the toolset `pane_<part>` it belongs to (docs/reference/tools.md#toolsets).
 */
export const PANE_TOOLS: readonly (readonly [Class, PanePart])[] = [
  [SendKeysTool, 'io'],
  [SendKeysBatchTool, 'io'],
  [RunCommandTool, 'io'],
  [WaitForRunTool, 'io'],
  [CapturePaneTool, 'reading'],
  [CaptureSinceTool, 'reading'],
  [ResizePaneTool, 'lifecycle'],
  [KillPaneTool, 'lifecycle'],
  [RespawnPaneTool, 'lifecycle'],
  [SetPaneTitleTool, 'lifecycle'],
  [GetPaneInfoTool, 'lifecycle'],
  [FindPaneByPositionTool, 'lifecycle'],
  [ClearPaneTool, 'io'],
  [SearchPanesTool, 'reading'],
  [WaitForTextTool, 'reading'],
  [WaitForIdleTool, 'reading'],
  [SnapshotPaneTool, 'reading'],
  [SelectPaneTool, 'lifecycle'],
  [SwapPaneTool, 'lifecycle'],
  [PipePaneTool, 'lifecycle'],
  [DisplayMessageTool, 'io'],
  [EnterCopyModeTool, 'lifecycle'],
  [ExitCopyModeTool, 'lifecycle'],
  [PasteTextTool, 'io'],
];

/** Tool classes of the pane family, in registration order. */
export const tools: Class[] = PANE_TOOLS.map(([cls]) => cls);
