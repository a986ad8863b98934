'use strict';
// Issue-4 benches over MCP, control engine vs exec engine, interleaved:
// - wait_for_text wake-up: from the marker being printed to the tool result arriving. The wait is
//   armed when its first progress notification arrives (sent after the entry snapshot); t0 is
//   taken before the marker is typed on a separate control client.
// - run_command "true": full round trip (wrapper typed, shell runs it, wait-for channel, exit status).
const { Tmux, startServer, stats, now, rawControl, time } = require('./lib');

async function waitOnce(server, typist, pane, marker) {
  let armed;
  const isArmed = new Promise((r) => (armed = r));
  let t0;
  const result = server.client.callTool(
    { name: 'wait_for_text', arguments: { pane_id: pane, patterns: [marker], timeout: 10 } },
    undefined,
    { onprogress: () => armed(), timeout: 30000 },
  );
  await isArmed;
  t0 = now();
  await typist.run(`send-keys -t ${pane} -l ${marker}`);
  const r = await result;
  const ms = now() - t0;
  if (!r.structuredContent?.found) throw new Error(`wait_for_text did not match: ${JSON.stringify(r)}`);
  return ms;
}

module.exports = async function wait({ iterations = 40 } = {}) {
  const tmux = new Tmux().start('wt', 1);
  tmux.run('split-window', '-d', '-t', 'wt', 'sh');
  const [catPane, shPane] = tmux.run('list-panes', '-t', 'wt', '-F', '#{pane_id}').split('\n');
  tmux.run('send-keys', '-t', catPane, 'exec cat', 'Enter');
  const control = await startServer(tmux.socket, 'control');
  const exec = await startServer(tmux.socket, 'exec');
  const typist = rawControl(tmux.socket, 'wt');
  await typist.ready;
  try {
    const w = [];
    const wx = [];
    for (let i = 0; i < iterations; i++) {
      w.push(await waitOnce(control, typist, catPane, `m${i}c${Date.now() % 100000}`));
      wx.push(await waitOnce(exec, typist, catPane, `m${i}x${Date.now() % 100000}`));
      if (i % 10 === 9) await typist.run(`send-keys -t ${catPane} Enter`);
    }
    const run = (s) => s.client.callTool({ name: 'run_command', arguments: { pane_id: shPane, command: 'true', timeout: 10 } });
    for (let i = 0; i < 5; i++) await Promise.all([run(control)]).then(() => run(exec));
    const r = [];
    const rx = [];
    for (let i = 0; i < iterations; i++) {
      r.push(await time(() => run(control)));
      rx.push(await time(() => run(exec)));
      if (i % 10 === 9) await control.client.callTool({ name: 'clear_pane', arguments: { pane_id: shPane } });
    }
    return { wait: stats(w), waitExec: stats(wx), run: stats(r), runExec: stats(rx) };
  } finally {
    await typist.close();
    await control.close();
    await exec.close();
    tmux.kill();
  }
};
