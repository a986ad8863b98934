'use strict';
// run_command "true" (docs/reference/engine.md#run_command-mechanism): the whole round trip over
// the real stdio protocol (setup batch, typed line, the shell's claim, the command, the tail, the
// status read back), this build beside a baseline build (`node bench/run-command.bench.js
// [iterations] [baseline dir]`), on both engines, interleaved in one loop (rotating order) on one
// tmux server, each series in a pane of its own (sh). The pane is cleared every 20 runs so the
// history never fills.
const { perPaneSeries, runAsMain } = require('./lib');

module.exports = function runCommand({ iterations = 100, baseline } = {}) {
  const runs = new Map();
  return perPaneSeries({
    session: 'runs',
    iterations,
    baseline,
    call: async (server, pane, name, tmux) => {
      const r = await server.client.callTool({ name: 'run_command', arguments: { pane_id: pane, command: 'true', timeout: 10 } });
      if (r.isError || r.structuredContent.exit_status !== 0) throw new Error(`${name}: ${JSON.stringify(r)}`);
      const n = (runs.get(name) ?? 0) + 1;
      runs.set(name, n);
      if (n % 20 === 0) tmux.run('clear-history', '-t', pane);
    },
  });
};

runAsMain(module, module.exports);
