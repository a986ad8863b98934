'use strict';
// Bench 1: list_panes with 10 panes, control engine vs TMUX_MCP_ENGINE=exec, interleaved.
// Bench 3: throughput of 1000 concurrent list_panes calls on the control engine (and exec for reference).
const { Tmux, startServer, stats, time, now } = require('./lib');

module.exports = async function listPanes({ iterations = 300 } = {}) {
  const tmux = new Tmux().start('bench', 10);
  const control = await startServer(tmux.socket, 'control');
  const exec = await startServer(tmux.socket, 'exec');
  try {
    const call = (s) => s.client.callTool({ name: 'list_panes', arguments: {} });
    const check = await call(control);
    if (check.structuredContent.result.length !== 10) throw new Error('expected 10 panes');
    for (let i = 0; i < 30; i++) await Promise.all([call(control), call(exec)]); // warm-up
    const a = [];
    const b = [];
    for (let i = 0; i < iterations; i++) {
      // Interleave so machine noise hits both sides alike.
      if (i % 2) {
        a.push(await time(() => call(control)));
        b.push(await time(() => call(exec)));
      } else {
        b.push(await time(() => call(exec)));
        a.push(await time(() => call(control)));
      }
    }
    const throughput = async (s, n) => {
      const t0 = now();
      const rs = await Promise.all(Array.from({ length: n }, () => call(s)));
      const ms = now() - t0;
      if (rs.some((r) => r.isError)) throw new Error('throughput call failed');
      return (n / ms) * 1000;
    };
    const tpControl = [];
    const tpExec = [];
    for (let i = 0; i < 3; i++) {
      tpControl.push(await throughput(control, 1000));
      tpExec.push(await throughput(exec, 200));
    }
    return {
      latency: { control: stats(a), exec: stats(b) },
      throughput: { control: Math.max(...tpControl), exec: Math.max(...tpExec) },
    };
  } finally {
    await control.close();
    await exec.close();
    tmux.kill();
  }
};
