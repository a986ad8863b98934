'use strict';
// Bench 6: RSS after 10,000 calls, and growth between the 5,000th and the 10,000th call. The same
// calls, batch for batch in turn, also go to the server started with the README's setting for a
// smaller footprint (NODE_OPTIONS=--max-semi-space-size=4), and to a baseline build if given.
const { Tmux, startServer, rssMb, cliOf } = require('./lib');

const SMALL_NEW_SPACE = '--max-semi-space-size=4';

module.exports = async function memory({ calls = 10000, concurrency = 50, baseline } = {}) {
  const tmux = new Tmux().start('mem', 4);
  const servers = {
    server: await startServer(tmux.socket, 'control'),
    smallNewSpace: await startServer(tmux.socket, 'control', { NODE_OPTIONS: SMALL_NEW_SPACE }),
  };
  if (baseline) servers.baseline = await startServer(tmux.socket, 'control', {}, cliOf(baseline));
  const names = Object.keys(servers);
  const sample = (key, out) => names.forEach((n) => (out[n][key] = rssMb(servers[n].pid)));
  try {
    const out = Object.fromEntries(names.map((n) => [n, {}]));
    sample('start', out);
    let done = 0;
    while (done < calls) {
      for (const n of names) {
        const s = servers[n];
        await Promise.all(Array.from({ length: concurrency }, () => s.client.callTool({ name: 'list_panes', arguments: {} })));
      }
      done += concurrency;
      if (done === calls / 2) sample('half', out);
    }
    sample('end', out);
    return {
      ...out.server,
      smallNewSpace: { nodeOptions: SMALL_NEW_SPACE, ...out.smallNewSpace },
      ...(baseline ? { baseline: out.baseline } : {}),
    };
  } finally {
    for (const n of names) await servers[n].close();
    tmux.kill();
  }
};
