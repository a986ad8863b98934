'use strict';
// Bench 5: spawn → initialize reply, against `node -e 0` spawn → exit, interleaved.
const { spawn } = require('node:child_process');
const { CLI, minimalEnv, stats, now, spawnTime, Tmux } = require('./lib');

function initializeTime(socket) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const p = spawn(process.execPath, [CLI, '--socket-name', socket], { env: minimalEnv(), stdio: ['pipe', 'pipe', 'ignore'] });
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

module.exports = async function coldStart({ iterations = 20 } = {}) {
  const tmux = new Tmux().start('cold');
  try {
    const server = [];
    const node = [];
    await initializeTime(tmux.socket);
    for (let i = 0; i < iterations; i++) {
      node.push(await spawnTime(['-e', '0']));
      server.push(await initializeTime(tmux.socket));
    }
    return { server: stats(server), node: stats(node) };
  } finally {
    tmux.kill();
  }
};
