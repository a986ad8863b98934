'use strict';
// Bench 6: RSS after 10,000 calls, and growth between the 5,000th and the 10,000th call. The same
// calls, batch for batch in turn, also go to the server started with the README's setting for a
// smaller footprint (a young generation of 2 × 4 MB and a 64 MB old generation, in NODE_OPTIONS),
// and to a baseline build if given.
const { Tmux, startServer, rssMb, cliOf } = require('./lib');

const PACED_CALLS = 15;
const PACE_MS = 2000;
const SMALL_NEW_SPACE = '--max-semi-space-size=4 --max-old-space-size=64';

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
    // Then an agent's pace: one call every 2 s for 30 s. V8's memory reducer gives the burst's
    // heap back once allocation slows down but not at a standstill, so an idle server would keep
    // the peak; a server that is used at a normal pace does not.
    for (let i = 0; i < PACED_CALLS; i++) {
      await Promise.all(names.map((n) => servers[n].client.callTool({ name: 'list_panes', arguments: {} })));
      await new Promise((r) => setTimeout(r, PACE_MS));
    }
    sample('paced', out);
    return {
      ...out.server,
      paced: out.server.paced,
      pace: `${PACED_CALLS} calls ${PACE_MS / 1000} s apart`,
      smallNewSpace: { nodeOptions: SMALL_NEW_SPACE, ...out.smallNewSpace },
      ...(baseline ? { baseline: out.baseline } : {}),
    };
  } finally {
    for (const n of names) await servers[n].close();
    tmux.kill();
  }
};
