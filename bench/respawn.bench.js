'use strict';
// respawn_pane of a shell pane (docs/reference/engine.md#respawn-guard): the whole round trip over
// the real stdio protocol, this build beside a baseline build (`node bench/respawn.bench.js
// [iterations] [baseline dir]`), on both engines, interleaved in one loop (rotating order) on one
// tmux server, each series in a pane of its own (sh). On the control engine the guard pauses the
// pane on the server's clients first and continues it after.
const { perPaneSeries, runAsMain } = require('./lib');

module.exports = function respawn({ iterations = 200, baseline } = {}) {
  return perPaneSeries({
    session: 'respawns',
    iterations,
    baseline,
    env: { TMUX_MCP_SAFETY: 'destructive' },
    call: async (server, pane, name) => {
      const r = await server.client.callTool({ name: 'respawn_pane', arguments: { pane_id: pane, kill: true } });
      if (r.isError) throw new Error(`${name}: ${JSON.stringify(r)}`);
    },
  });
};

runAsMain(module, module.exports);
