import 'reflect-metadata';
// Tests never inherit the developer's tmux identity: TMUX and TMUX_PANE decide who the caller is
// (docs/reference/safety.md#caller-identity), so each test sets them itself.
delete process.env.TMUX;
delete process.env.TMUX_PANE;
for (const k of Object.keys(process.env))
  if (k.startsWith('LIBTMUX_') || (k.startsWith('TMUX_MCP_') && k !== 'TMUX_MCP_ENGINE')) delete process.env[k];
