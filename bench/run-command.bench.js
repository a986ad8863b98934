'use strict';
// run_command "true" (docs/reference/engine.md#run_command-mechanism): the whole round trip over
// the real stdio protocol (setup batch, typed line, the shell's claim, the command, the tail, the
// status read back), this build beside a baseline build (`node bench/run-command.bench.js
// [iterations] [baseline dir]`), on both engines, interleaved in one loop (rotating order) on one
// tmux server, each series in a pane of its own (sh). The pane is cleared every 20 runs so the
// history never fills.
const { Tmux, startServer, stats, interleave, fmt, CLI, cliOf } = require('./lib');

module.exports = async function runCommand({ iterations = 100, baseline } = {}) {
  const builds = { this: CLI, ...(baseline ? { baseline: cliOf(baseline) } : {}) };
  const names = Object.keys(builds).flatMap((b) => ['control', 'exec'].map((e) => `${b}/${e}`));
  const tmux = new Tmux().start('runs', names.length);
  const panes = tmux.run('list-panes', '-t', 'runs', '-F', '#{pane_id}').split('\n');
  const servers = {};
  try {
    for (const [i, name] of names.entries()) {
      const [b, engine] = name.split('/');
      servers[name] = { server: await startServer(tmux.socket, engine, {}, builds[b]), pane: panes[i], n: 0 };
    }
    const series = {};
    for (const [name, s] of Object.entries(servers))
      series[name] = async () => {
        const r = await s.server.client.callTool({ name: 'run_command', arguments: { pane_id: s.pane, command: 'true', timeout: 10 } });
        if (r.isError || r.structuredContent.exit_status !== 0) throw new Error(`${name}: ${JSON.stringify(r)}`);
        if (++s.n % 20 === 0) tmux.run('clear-history', '-t', s.pane);
      };
    const samples = await interleave(series, iterations, 10);
    const out = {};
    for (const [name, xs] of Object.entries(samples)) out[name] = stats(xs);
    if (baseline) for (const e of ['control', 'exec']) out[`ratio/${e}`] = Number(fmt(out[`this/${e}`].p50 / out[`baseline/${e}`].p50, 3));
    return out;
  } finally {
    for (const s of Object.values(servers)) await s.server.close();
    tmux.kill();
  }
};

if (require.main === module)
  module
    .exports({ iterations: Number(process.argv[2]) || undefined, baseline: process.argv[3] })
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
