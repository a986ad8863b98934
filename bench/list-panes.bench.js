'use strict';
// Bench 1: list_panes with 10 panes, control engine vs TMUX_MCP_ENGINE=exec, interleaved.
// Bench 3: throughput of 1000 concurrent list_panes calls on the control engine (and exec for reference).
// Also measured in the same interleaved loop, to show where the time of one call goes:
//  - the same `list-panes` command (same format) on a bare control-mode client and as a tmux
//    subprocess: what tmux itself costs on each engine;
//  - an MCP `ping` round trip: the protocol floor (client + stdio + server, no tool);
//  - the control engine with the default log level (info: audit and timing lines per call).
// With a baseline build (`--baseline DIR`), a third loop interleaves both engines of both builds.
const { execFile } = require('node:child_process');
const { Tmux, startServer, stats, time, interleave, now, rawControl, cliOf } = require('./lib');
const { PANE_FIELDS, formatOf } = require('../dist/services/tmux-formats');

module.exports = async function listPanes({ iterations = 300, baseline } = {}) {
  const tmux = new Tmux().start('bench', 10);
  const control = await startServer(tmux.socket, 'control');
  const exec = await startServer(tmux.socket, 'exec');
  const info = await startServer(tmux.socket, 'control', { TMUX_MCP_LOG_LEVEL: 'info' });
  const base = baseline
    ? {
        control: await startServer(tmux.socket, 'control', {}, cliOf(baseline)),
        exec: await startServer(tmux.socket, 'exec', {}, cliOf(baseline)),
      }
    : null;
  const raw = rawControl(tmux.socket, 'bench');
  await raw.ready;
  const format = formatOf(PANE_FIELDS);
  const rawCmd = `list-panes -a -F '${format}'`;
  const sub = () =>
    new Promise((resolve, reject) =>
      execFile('tmux', ['-u', '-L', tmux.socket, 'list-panes', '-a', '-F', format], (err) => (err ? reject(err) : resolve())),
    );
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
    // The decomposition, in a loop of its own (rotating order) so the headline pair above stays
    // measured exactly as before: more series in one loop leave each process idle longer
    // between its calls, which makes every series slower on this machine.
    const series = {
      control: () => call(control),
      exec: () => call(exec),
      controlInfo: () => call(info),
      ping: () => control.client.ping(),
      rawControl: () => raw.run(rawCmd),
      rawSubprocess: sub,
    };
    const names = Object.keys(series);
    const samples = await interleave(series, iterations);
    // This build against the baseline: four series in rotating order, in a loop of their own.
    let vsBaseline;
    if (base) {
      const four = {
        control: () => call(control),
        exec: () => call(exec),
        baselineControl: () => call(base.control),
        baselineExec: () => call(base.exec),
      };
      const fourSamples = await interleave(four, iterations, 30);
      vsBaseline = Object.fromEntries(Object.keys(four).map((n) => [n, stats(fourSamples[n])]));
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
      decomposition: Object.fromEntries(names.map((n) => [n, stats(samples[n])])),
      throughput: { control: Math.max(...tpControl), exec: Math.max(...tpExec) },
      ...(vsBaseline ? { vsBaseline } : {}),
    };
  } finally {
    await raw.close();
    await control.close();
    await exec.close();
    await info.close();
    if (base) {
      await base.control.close();
      await base.exec.close();
    }
    tmux.kill();
  }
};
