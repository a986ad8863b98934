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
import type { Class } from '../../framework/types';

/** Pane lifecycle tool classes (order does not matter: pane/index.ts orders the family). */
export const tools: Class[] = [
  ResizePaneTool,
  KillPaneTool,
  RespawnPaneTool,
  SetPaneTitleTool,
  GetPaneInfoTool,
  FindPaneByPositionTool,
  SelectPaneTool,
  SwapPaneTool,
  PipePaneTool,
  EnterCopyModeTool,
  ExitCopyModeTool,
];
