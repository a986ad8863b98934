'use strict';
// Bench 6: RSS after 10,000 calls, and growth between the 5,000th and the 10,000th call.
const { Tmux, startServer, rssMb } = require('./lib');

module.exports = async function memory({ calls = 10000, concurrency = 50 } = {}) {
  const tmux = new Tmux().start('mem', 4);
  const s = await startServer(tmux.socket, 'control');
  try {
    const samples = { start: rssMb(s.pid) };
    let done = 0;
    while (done < calls) {
      await Promise.all(Array.from({ length: concurrency }, () => s.client.callTool({ name: 'list_panes', arguments: {} })));
      done += concurrency;
      if (done === calls / 2) samples.half = rssMb(s.pid);
    }
    samples.end = rssMb(s.pid);
    return samples;
  } finally {
    await s.close();
    tmux.kill();
  }
};
