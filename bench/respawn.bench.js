'use strict';
// respawn_pane of a shell pane (docs/reference/engine.md#respawn-guard): the whole round trip over
// the real stdio protocol, this build beside a baseline build (`node bench/respawn.bench.js
// [iterations] [baseline dir]`), on both engines, interleaved in one loop (rotating order) on one
// tmux server, each series in a pane of its own (sh). On the control engine the guard pauses the
// pane on the server's clients first and continues it after.
const { Tmux, startServer, stats, interleave, fmt, CLI, cliOf } = require('./lib');

module.exports = async function respawn({ iterations = 200, baseline } = {}) {
  const builds = { this: CLI, ...(baseline ? { baseline: cliOf(baseline) } : {}) };
  const names = Object.keys(builds).flatMap((b) => ['control', 'exec'].map((e) => `${b}/${e}`));
  const tmux = new Tmux().start('respawns', names.length);
  const panes = tmux.run('list-panes', '-t', 'respawns', '-F', '#{pane_id}').split('\n');
  const servers = {};
  try {
    for (const [i, name] of names.entries()) {
      const [b, engine] = name.split('/');
      servers[name] = { server: await startServer(tmux.socket, engine, { TMUX_MCP_SAFETY: 'destructive' }, builds[b]), pane: panes[i] };
    }
    const series = {};
    for (const [name, s] of Object.entries(servers))
      series[name] = async () => {
        const r = await s.server.client.callTool({ name: 'respawn_pane', arguments: { pane_id: s.pane, kill: true } });
        if (r.isError) throw new Error(`${name}: ${JSON.stringify(r)}`);
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
