import { definePlugin, TOOL_CLASSES } from 'tmux-mcp-ts';
import { PaneTreeTool } from './pane-tree.tool';

/**
 * Loaded with `tmux-mcp --plugin ./dist-examples/custom-tool/index.js`.
 * Registering a tool class under TOOL_CLASSES is all it takes: the safety tier, validation,
 * audit and error handling apply to it like to every core tool.
 */
export default definePlugin({
  name: 'example-pane-tree',
  register(container) {
    container.register(TOOL_CLASSES, { useValue: PaneTreeTool });
  },
});
