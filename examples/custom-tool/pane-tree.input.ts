import { CommonParams, Param } from 'tmux-mcp-ts';

export class PaneTreeInput {
  @Param(CommonParams.socketName) socket_name!: string | null;
  @Param({ type: 'boolean', default: false, description: "Also show each pane's current command." })
  show_commands!: boolean;
}
