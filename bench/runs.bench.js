'use strict';
// Long work (docs/reference/tools.md#runs), over the real stdio protocol:
// - waiting for input: from the moment the command starts to wait (it writes a timestamp just
//   before `read`) to run_command's return with state waiting_for_input (target: within 1.5 s);
// - push: from a subscribed run's end (the gate it blocks on is released) to its
//   notifications/resources/updated (target: p50 ≤ 1 s);
// - following 50 runs in flight at once (each blocked on a channel, nobody waiting): the server's
//   CPU over 10 s of idling and its RSS, against the same server idling with no run.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ResourceUpdatedNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');
const { Tmux, startServer, stats, now, rssMb } = require('./lib');

const RUNS = 50;
const IDLE_MS = 10_000;

/** utime + stime of a process, in ms (from /proc: the kernel's own accounting, not a timer). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

async function idleCost(pid) {
  const c0 = cpuMs(pid);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  return { cpuMsPer10s: cpuMs(pid) - c0, rssMb: rssMb(pid) };
}

const call = (server, name, args) =>
  server.client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 }).then((r) => {
    if (r.isError) throw new Error(`${name}: ${r.content?.[0]?.text}`);
    return r.structuredContent;
  });

module.exports = async function runs({ iterations = 20 } = {}) {
  const tmux = new Tmux().start('runs', 1);
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-bench-runs-'));
  const server = await startServer(tmux.socket, 'control');
  const newPane = () => tmux.run('new-window', '-d', '-P', '-F', '#{pane_id}', 'sh');
  try {
    // 1. waiting for input → return
    const pane = newPane();
    await call(server, 'run_command', { pane_id: pane, command: 'true', timeout: 10 });
    const waitLatency = [];
    for (let i = 0; i < iterations; i++) {
      const stamp = join(dir, `t${i}`);
      const r = await call(server, 'run_command', {
        pane_id: pane,
        command: `date +%s%N > ${stamp}; read answer`,
        timeout: 10,
      });
      const t1 = Date.now();
      if (r.state !== 'waiting_for_input') throw new Error(`expected waiting_for_input, got ${r.state}`);
      const t0 = Number(BigInt(readFileSync(stamp, 'utf8').trim()) / 1_000_000n);
      waitLatency.push(t1 - t0);
      await call(server, 'send_keys', { pane_id: pane, keys: 'x' });
      await call(server, 'wait_for_run', { run_id: r.run_id, timeout: 10 });
    }

    // 2. a subscribed run's end → notifications/resources/updated
    const told = new Map();
    server.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      const waiter = told.get(n.params.uri);
      if (waiter) waiter(now());
    });
    const pushLatency = [];
    for (let i = 0; i < iterations; i++) {
      const gate = `bench_runs_${process.pid}_${i}`;
      const r = await call(server, 'run_command', { pane_id: pane, command: `tmux -L ${tmux.socket} wait-for ${gate}`, timeout: 0.3 });
      const uri = `tmux://runs/${r.run_id}`;
      await server.client.subscribeResource({ uri });
      const done = new Promise((res) => told.set(uri, res));
      const t0 = now();
      tmux.run('wait-for', '-S', gate);
      pushLatency.push((await done) - t0);
      told.delete(uri);
      await server.client.unsubscribeResource({ uri });
    }

    // 3. following 50 runs in flight at once, against none
    const none = await idleCost(server.pid);
    const panes = Array.from({ length: RUNS }, newPane);
    await Promise.all(panes.map((p) => call(server, 'run_command', { pane_id: p, command: 'true', timeout: 20 })));
    await Promise.all(
      panes.map((p, i) =>
        call(server, 'run_command', {
          pane_id: p,
          command: `tmux -L ${tmux.socket} wait-for bench_fifty_${process.pid}_${i}`,
          timeout: 0.3,
        }),
      ),
    );
    const fifty = await idleCost(server.pid);
    for (let i = 0; i < RUNS; i++) tmux.run('wait-for', '-S', `bench_fifty_${process.pid}_${i}`);

    return { waitForInput: stats(waitLatency), push: stats(pushLatency), idleNoRuns: none, idleFiftyRuns: fifty };
  } finally {
    await server.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  }
};
