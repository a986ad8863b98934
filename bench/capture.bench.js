'use strict';
// Bench 2: capture_pane of 2000 lines of scrollback over MCP (control engine), against the raw
// control-mode command `capture-pane -p -S -2000` on our own `tmux -C` client, interleaved.
const { Tmux, startServer, stats, time, rawControl } = require('./lib');

module.exports = async function capture({ iterations = 100 } = {}) {
  const tmux = new Tmux().start('cap');
  const pane = tmux.run('display-message', '-p', '-t', 'cap', '#{pane_id}');
  tmux.run('set-option', '-t', 'cap', 'history-limit', '5000');
  tmux.run('send-keys', '-t', pane, 'seq 1 2500', 'Enter');
  for (let i = 0; i < 200 && !tmux.run('capture-pane', '-p', '-t', pane).includes('2500'); i++) await new Promise((r) => setTimeout(r, 20));
  const s = await startServer(tmux.socket, 'control');
  const raw = rawControl(tmux.socket, 'cap');
  await raw.ready;
  try {
    const call = () => s.client.callTool({ name: 'capture_pane', arguments: { pane_id: pane, start: -2000, max_lines: null } });
    const first = await call();
    const lines = first.content[0].text.split('\n').length;
    for (let i = 0; i < 10; i++) await Promise.all([call(), raw.run(`capture-pane -p -t ${pane} -S -2000`)]);
    const a = [];
    const b = [];
    for (let i = 0; i < iterations; i++) {
      a.push(await time(call));
      b.push(await time(() => raw.run(`capture-pane -p -t ${pane} -S -2000`)));
    }
    return { lines, mcp: stats(a), raw: stats(b) };
  } finally {
    await raw.close();
    await s.close();
    tmux.kill();
  }
};
