'use strict';
// Bench 5: spawn → initialize reply, against `node -e 0` spawn → exit, interleaved; with a
// baseline build (`--baseline DIR`) its server is a third series in the same loop.
const { spawn } = require('node:child_process');
const { CLI, cliOf, minimalEnv, stats, now, spawnTime, Tmux } = require('./lib');

function initializeTime(socket, cli = CLI) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const p = spawn(process.execPath, [cli, '--socket-name', socket], { env: minimalEnv(), stdio: ['pipe', 'pipe', 'ignore'] });
    let buf = '';
    p.on('error', reject);
    p.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) {
        const ms = now() - t0;
        p.stdin.end();
        p.on('close', () => resolve(ms));
      }
    });
    p.stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
      }) + '\n',
    );
  });
}

module.exports = async function coldStart({ iterations = 40, baseline } = {}) {
  const tmux = new Tmux().start('cold');
  try {
    const series = {
      node: () => spawnTime(['-e', '0']),
      server: () => initializeTime(tmux.socket),
      ...(baseline ? { baseline: () => initializeTime(tmux.socket, cliOf(baseline)) } : {}),
    };
    const names = Object.keys(series);
    // One start each first: it writes whatever compile cache the build keeps.
    for (const n of names) await series[n]();
    const samples = Object.fromEntries(names.map((n) => [n, []]));
    for (let i = 0; i < iterations; i++) {
      // Rotating order, so machine noise and the position after another start hit all alike.
      for (let k = 0; k < names.length; k++) {
        const n = names[(i + k) % names.length];
        samples[n].push(await series[n]());
      }
    }
    return Object.fromEntries(names.map((n) => [n, stats(samples[n])]));
  } finally {
    tmux.kill();
  }
};
