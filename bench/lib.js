'use strict';
// Shared helpers for the benchmarks: private tmux servers, MCP servers over real stdio, stats.
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { lstatSync, readFileSync, unlinkSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
/** The CLI of another built checkout (`--baseline DIR`), to compare against this one in the same run. */
const cliOf = (root) => join(root, 'dist', 'cli.js');

/**
 * True once nothing listens on the socket file at `path` any more. tmux's own answer decides
 * (`list-sessions` never starts a server): only "no server running" / "Connection refused" /
 * "No such file" count; an exiting server ("server exited unexpectedly") or a wedged one (the
 * timeout) does not.
 */
function socketDead(path) {
  const r = spawnSync('tmux', ['-S', path, 'list-sessions'], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], timeout: 1000 });
  return (
    r.status !== null &&
    r.status !== 0 &&
    /^(no server running on |error connecting to .*\((Connection refused|No such file or directory)\))/m.test(r.stderr)
  );
}

/** A private tmux server (never the default socket); kill() only targets it. */
class Tmux {
  constructor() {
    this.socket = `tmux-mcp-bench-${randomBytes(5).toString('hex')}`;
  }
  run(...args) {
    return execFileSync('tmux', ['-u', '-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' }).replace(/\n$/, '');
  }
  start(name = 'bench', panes = 1) {
    this.run('new-session', '-d', '-s', name, '-x', '200', '-y', '60', 'sh');
    // tmux 3.3a never unlinks its socket when the server exits: remember where it is so kill() can.
    this.socketPath = this.run('display-message', '-p', '#{socket_path}');
    for (let i = 1; i < panes; i++) {
      this.run('split-window', '-d', '-t', name, 'sh');
      this.run('select-layout', '-t', name, 'tiled');
    }
    return this;
  }
  /** Kills this server and then removes its socket file, once (bounded poll) nothing listens on it. */
  kill() {
    try {
      execFileSync('tmux', ['-L', this.socket, 'kill-server'], { stdio: 'ignore', timeout: 5000 });
    } catch {
      /* already gone */
    }
    const path = this.socketPath ?? join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid()}`, this.socket);
    const wait = new Int32Array(new SharedArrayBuffer(4));
    // Bounded: a server still answering after 3 s keeps its socket (a live server's is never removed).
    for (const deadline = Date.now() + 3000; Date.now() < deadline; Atomics.wait(wait, 0, 0, 10)) {
      try {
        if (!lstatSync(path).isSocket()) return;
      } catch {
        return; // no file left
      }
      if (socketDead(path)) {
        try {
          unlinkSync(path);
        } catch {
          /* removed meanwhile */
        }
        return;
      }
    }
  }
}

function minimalEnv(extra = {}) {
  const env = {};
  for (const k of ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']) if (process.env[k] !== undefined) env[k] = process.env[k];
  return { ...env, TMUX_MCP_LOG_LEVEL: 'warn', ...extra };
}

/** An MCP server spawned over stdio with the SDK client (the real protocol path); `cli` picks the build. */
async function startServer(socket, engine, extraEnv = {}, cli = CLI) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, '--socket-name', socket],
    env: minimalEnv({ TMUX_MCP_ENGINE: engine, ...extraEnv }),
    stderr: 'ignore',
  });
  const client = new Client({ name: `bench-${engine}`, version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, transport, pid: transport.pid, close: () => client.close() };
}

function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function pct(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), min: s[0], max: s[s.length - 1] };
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Times `fn` once in milliseconds. */
async function time(fn) {
  const t0 = now();
  await fn();
  return now() - t0;
}

/**
 * Runs every series of `series` (name → async fn) `warmup` times, then `iterations` rounds in
 * rotating order (each series goes first in turn, so none always follows the same neighbour),
 * and returns the samples in milliseconds per name.
 */
async function interleave(series, iterations, warmup = 20) {
  const names = Object.keys(series);
  for (let i = 0; i < warmup; i++) for (const n of names) await series[n]();
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(i + k) % names.length];
      samples[n].push(await time(series[n]));
    }
  }
  return samples;
}

const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

/**
 * Spawn → exit of `node args`, in the same minimal environment as the servers: an inherited
 * NODE_EXTRA_CA_CERTS alone made `node -e 0` ~40 ms slower on Node 20 than the server's own start.
 */
function spawnTime(args) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const p = spawn(process.execPath, args, { env: minimalEnv(), stdio: 'ignore' });
    p.on('error', reject);
    p.on('close', () => resolve(now() - t0));
  });
}

/**
 * A bare control-mode client. `run(cmd)` writes one line and resolves with the output lines of
 * its %begin/%end block; commands may be pipelined (`runAll`: several lines written at once,
 * resolved when every block has closed), as tmux answers them in order.
 */
function rawControl(socket, session) {
  const p = spawn('tmux', ['-u', '-L', socket, '-C', 'attach-session', '-f', 'ignore-size,no-output', '-t', session], {
    env: minimalEnv({ TERM: 'tmux-mcp-engine' }),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  p.stdout.setEncoding('utf8');
  let buf = '';
  let onReady;
  const ready = new Promise((r) => (onReady = r));
  // The attach itself answers with one %begin/%end block: ready once it closes.
  const pending = [() => onReady()];
  let block = null;
  let guard = ''; // "<time> <number> <flags>" of the open block: its %end / %error repeats it
  p.stdout.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (block === null) {
        if (line.startsWith('%begin ')) {
          block = [];
          guard = line.slice('%begin'.length);
        }
      } else if (line === `%end${guard}` || line === `%error${guard}`) {
        const lines = block;
        block = null;
        pending.shift()?.(lines);
      } else block.push(line);
    }
  });
  const run = (cmd) =>
    new Promise((resolve) => {
      pending.push(resolve);
      p.stdin.write(cmd + '\n');
    });
  return {
    ready,
    run,
    runAll: (cmds) => {
      const all = Promise.all(cmds.map(() => new Promise((resolve) => pending.push(resolve))));
      p.stdin.write(cmds.map((c) => c + '\n').join(''));
      return all;
    },
    close: () =>
      new Promise((r) => {
        p.on('close', r);
        p.stdin.end();
      }),
  };
}

/**
 * One tool call timed on this build beside a baseline build (`baseline`: a built checkout's
 * directory), on both engines, interleaved in one loop (rotating order) on one private tmux
 * server, each series (`<build>/<engine>`) with a pane of its own (sh): `call(server, pane, name)`
 * makes one call and throws on a wrong answer. Returns p50/p95 per series and, with a baseline,
 * `ratio/<engine>` this / baseline.
 */
async function perPaneSeries({ session, iterations, baseline, env = {}, call }) {
  const builds = { this: CLI, ...(baseline ? { baseline: cliOf(baseline) } : {}) };
  const names = Object.keys(builds).flatMap((b) => ['control', 'exec'].map((e) => `${b}/${e}`));
  const tmux = new Tmux().start(session, names.length);
  const panes = tmux.run('list-panes', '-t', session, '-F', '#{pane_id}').split('\n');
  const servers = {};
  try {
    for (const [i, name] of names.entries()) {
      const [b, engine] = name.split('/');
      servers[name] = { server: await startServer(tmux.socket, engine, env, builds[b]), pane: panes[i] };
    }
    const series = {};
    for (const [name, s] of Object.entries(servers)) series[name] = () => call(s.server, s.pane, name, tmux);
    const samples = await interleave(series, iterations, 10);
    const out = {};
    for (const [name, xs] of Object.entries(samples)) out[name] = stats(xs);
    if (baseline) for (const e of ['control', 'exec']) out[`ratio/${e}`] = Number(fmt(out[`this/${e}`].p50 / out[`baseline/${e}`].p50, 3));
    return out;
  } finally {
    for (const s of Object.values(servers)) await s.server.close();
    tmux.kill();
  }
}

/** `node bench/<name>.bench.js [iterations] [baseline dir]` for a bench module built on perPaneSeries. */
function runAsMain(mod, bench) {
  if (require.main !== mod) return;
  bench({ iterations: Number(process.argv[2]) || undefined, baseline: process.argv[3] })
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

module.exports = {
  perPaneSeries,
  runAsMain,
  rawControl,
  ROOT,
  CLI,
  cliOf,
  Tmux,
  minimalEnv,
  startServer,
  rssMb,
  stats,
  time,
  interleave,
  now,
  fmt,
  spawnTime,
};
