'use strict';
// Bench 5: spawn → initialize reply, against `node -e 0` spawn → exit, interleaved; with a
// baseline build (`--baseline DIR`) its server is another series in the same loop, and with
// `--peers DIR` (bench/README.md) so are the peers' servers. A last series, `serverList`, is this
// server's spawn → first tools/list reply (initialize, initialized, tools/list), so a start that
// answers initialize early is seen to pay nothing later.
const { spawn } = require('node:child_process');
const { CLI, cliOf, minimalEnv, stats, now, spawnTime, Tmux } = require('./lib');
const { findPeer, PEERS } = require('./peers.bench');

const message = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }) + '\n';
const INITIALIZE = message(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'bench', version: '0' },
});

const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n';

/**
 * ms from spawn to the first stdout line (the initialize reply) or, with `list`, to the second
 * (the tools/list reply, asked for as a client does: right after the initialize reply).
 */
function startTime(args, { cwd, list = false } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const p = spawn(process.execPath, args, { cwd, env: minimalEnv(), stdio: ['pipe', 'pipe', 'ignore'] });
    let lines = 0;
    let ms;
    p.on('error', reject);
    p.stdout.on('data', (d) => {
      if (ms !== undefined) return;
      const before = lines;
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
      if (list && before === 0 && lines >= 1) p.stdin.write(INITIALIZED + message(2, 'tools/list'));
      if (lines < (list ? 2 : 1)) return;
      ms = now() - t0;
      p.stdin.end();
      // Not every peer exits when stdin ends (frankhommers does not).
      setTimeout(() => p.kill(), 2000).unref();
    });
    p.on('close', () => (ms === undefined ? reject(new Error(`${args[0]} exited before replying`)) : resolve(ms)));
    p.stdin.write(INITIALIZE);
  });
}

module.exports = async function coldStart({ iterations = 40, baseline, peersDir } = {}) {
  const tmux = new Tmux().start('cold');
  try {
    const ours = (cli, list) => () => startTime([cli, '--socket-name', tmux.socket], { list });
    const series = {
      node: () => spawnTime(['-e', '0']),
      server: ours(CLI, false),
      ...(baseline ? { baseline: ours(cliOf(baseline), false) } : {}),
    };
    const peers = {};
    if (peersDir) {
      for (const name of Object.keys(PEERS)) {
        const peer = findPeer(peersDir, name);
        if (peer.missing) {
          process.stderr.write(`cold-start: skipping peer ${name}: ${peer.missing}\n`);
          continue;
        }
        peers[name] = `${peer.version} (${peer.commit})`;
        // Answering initialize runs no tmux in any of them: no shim needed.
        series[name] = () => startTime([peer.entry], { cwd: peer.root });
      }
    }
    series.serverList = ours(CLI, true);
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
    const out = Object.fromEntries(names.map((n) => [n, stats(samples[n])]));
    if (Object.keys(peers).length) out.peers = peers;
    if (out.nickgnd) out.ratioToNickgnd = out.server.p50 / out.nickgnd.p50;
    return out;
  } finally {
    tmux.kill();
  }
};
