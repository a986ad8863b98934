import 'reflect-metadata';
// Tests never inherit the developer's tmux identity: TMUX and TMUX_PANE decide who the caller is
// (docs/reference/safety.md#caller-identity), so each test sets them itself.
delete process.env.TMUX;
delete process.env.TMUX_PANE;
// TMUX_MCP_TEST_* point the harness at a private build (test/helpers/cli-process.ts, packed-package.ts): kept.
for (const k of Object.keys(process.env))
  if (k.startsWith('LIBTMUX_') || (k.startsWith('TMUX_MCP_') && k !== 'TMUX_MCP_ENGINE' && !k.startsWith('TMUX_MCP_TEST_')))
    delete process.env[k];
