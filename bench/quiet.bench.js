'use strict';
// Calls beside a flood (docs/reference/engine.md#quiet-panes): list_sessions on the control
// engine while another pane of the command client's session prints as fast as it can (`yes`) and
// a run_command in a third pane keeps the client's output on (a watch in the last 30 s). This
// build beside a baseline build (`node bench/quiet.bench.js [iterations] [baseline dir]`),
// interleaved in one loop (rotating order) on one tmux server, each build with a pane of its own
// for its runs; one run per build every 10 rounds keeps its output on.
const { Tmux, startServer, stats, fmt, CLI, cliOf, runAsMain } = require('./lib');

const now = () => Number(process.hrtime.bigint()) / 1e6;

module.exports = async function quiet({ iterations = 100, baseline } = {}) {
  const builds = { this: CLI, ...(baseline ? { baseline: cliOf(baseline) } : {}) };
  const names = Object.keys(builds);
  const tmux = new Tmux().start('quiet', names.length + 1);
  const panes = tmux.run('list-panes', '-t', 'quiet', '-F', '#{pane_id}').split('\n');
  const flood = panes[names.length];
  const servers = {};
  try {
    for (const [i, b] of names.entries()) servers[b] = { server: await startServer(tmux.socket, 'control', {}, builds[b]), pane: panes[i] };
    const arm = async () => {
      for (const b of names) {
        const r = await servers[b].server.client.callTool({
          name: 'run_command',
          arguments: { command: 'true', pane_id: servers[b].pane },
        });
        if (r.isError || r.structuredContent.exit_status !== 0) throw new Error(`${b}: run_command: ${JSON.stringify(r)}`);
      }
    };
    const call = async (b) => {
      const r = await servers[b].server.client.callTool({ name: 'list_sessions', arguments: {} });
      if (r.isError || r.structuredContent.result.length !== 1) throw new Error(`${b}: list_sessions: ${JSON.stringify(r)}`);
    };
    await arm();
    for (let i = 0; i < 5; i++) for (const b of names) await call(b);
    tmux.run('send-keys', '-t', flood, 'yes', 'Enter');
    const samples = Object.fromEntries(names.map((b) => [b, []]));
    for (let i = 0; i < iterations; i++) {
      if (i % 10 === 0) await arm();
      for (let k = 0; k < names.length; k++) {
        const b = names[(i + k) % names.length];
        const t0 = now();
        await call(b);
        samples[b].push(now() - t0);
      }
    }
    tmux.run('send-keys', '-t', flood, 'C-c', '');
    const out = {};
    for (const b of names) out[b] = stats(samples[b]);
    if (baseline) out.ratio = Number(fmt(out.this.p50 / out.baseline.p50, 3));
    return out;
  } finally {
    for (const s of Object.values(servers)) await s.server.close();
    tmux.kill();
  }
};

runAsMain(module, module.exports);
