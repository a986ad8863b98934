'use strict';
// What a run asks of tmux (F9e, docs/reference/engine.md#what-a-run-leaves-in-tmux): N run_command
// calls (`true`) in one pane, its history cleared every 100 runs, and the tmux server's resident
// memory before and after (read from /proc once the runs' own cleanup had time to happen). Only
// this benchmark's private tmux server is measured. Target: 3,000 runs grow it by ≤ 3 MB.
// Usage: node bench/run.js tmux-growth   (TMUX_GROWTH_RUNS=3000 by default)
const { Tmux, startServer, rssMb } = require('./lib');

// Every timer a run leaves in tmux has fired by then: the expiry (the call's timeout, 20 s, + 5 s
// after typing) and the tail's cleanup (15 s after the tail). A pending timer holds memory that
// goes back when it fires; what stays after it fired is what a run leaves.
const settle = () => new Promise((r) => setTimeout(r, 31000));

async function grow(cli, engine, runs) {
  const tmux = new Tmux().start('growth', 1);
  const pane = tmux.run('display-message', '-p', '-t', 'growth', '#{pane_id}');
  const tmuxPid = Number(tmux.run('display-message', '-p', '#{pid}'));
  const srv = await startServer(tmux.socket, engine, {}, cli ?? require('./lib').CLI);
  try {
    const call = (command) => srv.client.callTool({ name: 'run_command', arguments: { pane_id: pane, command, timeout: 20 } });
    // Warm up: the first runs allocate what every later run reuses.
    for (let i = 0; i < 100; i++) await call('true');
    tmux.run('clear-history', '-t', pane);
    await settle();
    const before = rssMb(tmuxPid);
    for (let i = 0; i < runs; i++) {
      const r = await call('true');
      if (r.isError) throw new Error(`run ${i}: ${JSON.stringify(r.content)}`);
      if (i % 100 === 99) tmux.run('clear-history', '-t', pane);
    }
    await settle();
    const after = rssMb(tmuxPid);
    return { before, after, grownMb: after - before, perRunKb: ((after - before) * 1024) / runs };
  } finally {
    await srv.close();
    tmux.kill();
  }
}

module.exports = async function tmuxGrowth({ baseline } = {}) {
  const runs = Number(process.env.TMUX_GROWTH_RUNS) || 3000;
  const out = { runs, control: await grow(undefined, 'control', runs), exec: await grow(undefined, 'exec', runs) };
  if (baseline) out.baselineControl = await grow(require('./lib').cliOf(baseline), 'control', runs);
  return out;
};
