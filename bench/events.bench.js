'use strict';
// Bench 4: event wake-up at engine level — from a line printed in a pane (typed into `cat`,
// which echoes it) to the %output event reaching an onPaneEvent subscriber. t0 is taken before
// the send-keys command is written on a separate control client, so the figure is an upper
// bound that includes that command's own round trip. Also: CPU used by an idle subscriber.
const { join } = require('node:path');
const { Tmux, stats, now, rawControl, ROOT } = require('./lib');

module.exports = async function events({ iterations = 200 } = {}) {
  const winston = require('winston');
  const { createEngineFactory } = require(join(ROOT, 'dist', 'tmux', 'engine.factory.js'));
  const { ProcessRunner } = require(join(ROOT, 'dist', 'tmux', 'process-runner.js'));
  const quiet = winston.createLogger({ level: 'error', transports: [new winston.transports.Console({ stderrLevels: ['error'] })] });
  const tmux = new Tmux().start('ev');
  const pane = tmux.run('display-message', '-p', '-t', 'ev', '#{pane_id}');
  tmux.run('send-keys', '-t', pane, 'exec cat', 'Enter');
  const runner = new ProcessRunner({ commandTimeoutMs: 30_000 });
  const engine = createEngineFactory(
    'control',
    () => quiet,
    runner,
  )({ socketName: tmux.socket, socketPath: null, tmuxBin: 'tmux', host: null });
  const typist = rawControl(tmux.socket, 'ev');
  await typist.ready;
  try {
    await engine.run(['list-panes', '-a']); // attach
    let waiter = null;
    const off = engine.onPaneEvent(pane, (ev) => {
      if (ev.kind === 'output' && waiter) {
        const w = waiter;
        waiter = null;
        w(now());
      }
    });
    const once = async (i) => {
      const got = new Promise((r) => (waiter = r));
      const t0 = now();
      await typist.run(`send-keys -t ${pane} -l x${i}`);
      return (await got) - t0;
    };
    for (let i = 0; i < 20; i++) await once(i); // warm-up (output switched on lazily)
    const samples = [];
    for (let i = 0; i < iterations; i++) samples.push(await once(i));
    // Idle: subscribed, nothing printed, 5 s.
    const c0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 5000));
    const c1 = process.cpuUsage(c0);
    off();
    return { wake: stats(samples), idleCpuMs: (c1.user + c1.system) / 1000 };
  } finally {
    await typist.close();
    await engine.close();
    tmux.kill();
  }
};
