#!/bin/sh
# Alternatives: run ONE of these lines (each registers the server as `tmux`).
# Default tier (mutating):
claude mcp add tmux -- node /path/to/tmux-mcp-ts/dist/cli.js
# Read-only, against the tmux server started with `tmux -L work`:
claude mcp add tmux -e TMUX_MCP_SAFETY=readonly -e TMUX_MCP_SOCKET=work -- node /path/to/tmux-mcp-ts/dist/cli.js
# Full control (kill tools enabled):
claude mcp add tmux -e TMUX_MCP_SAFETY=destructive -- node /path/to/tmux-mcp-ts/dist/cli.js
