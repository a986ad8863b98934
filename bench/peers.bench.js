'use strict';
// Peers: the same three operations (list sessions, list the panes of a 10-pane window, capture
// 200 lines of a pane) on our server (control engine and TMUX_MCP_ENGINE=exec) and on other MCP
// servers for tmux, every server over real stdio with the SDK client, measured interleaved in one
// run (each iteration, every server does the op once, the starting server rotating).
//
// Runs only when TMUX_MCP_PEERS_DIR (or opts.peersDir) names a directory holding peers that were
// already built by hand: <dir>/nickgnd and <dir>/frankhommers (see bench/README.md). This file
// never fetches or builds them. The peers run a bare `tmux`, so each one gets a shim directory
// first on PATH whose `tmux` execs the real tmux with `-L <private socket>` prepended: they only
// ever talk to this bench's private tmux server.
const { execFile, execFileSync } = require('node:child_process');
const { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { delimiter, join, resolve } = require('node:path');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { Tmux, startServer, minimalEnv, rssMb, stats, time, fmt } = require('./lib');

/** The commits these mappings were written against (reported; a mismatch is only a warning). */
const PEERS = {
  nickgnd: { repo: 'github.com/nickgnd/tmux-mcp', commit: 'ec68b10' },
  frankhommers: { repo: 'github.com/frankhommers/tmux-mcp', commit: 'b9e2c7b' },
};

const OPS = ['list_sessions', 'list_panes', 'capture_pane'];

/**
 * Tool name and arguments per server and op. `ctx`: { windowId, paneId, lines, height }.
 * capture: every server returns the same `lines` text lines (the last `lines` rows up to the
 * bottom of the visible screen, which is full): ours and nickgnd capture `-S -(lines - height)
 * -E -` (history rows plus the visible rows); frankhommers always captures `-S -N -E -` and
 * keeps the last N lines, so it gets N = lines.
 */
const CALLS = {
  ours: {
    list_sessions: () => ['list_sessions', {}],
    list_panes: (c) => ['list_panes', { window_id: c.windowId }],
    capture_pane: (c) => ['capture_pane', { pane_id: c.paneId, start: -(c.lines - c.height), max_lines: null }],
  },
  nickgnd: {
    list_sessions: () => ['list-sessions', {}],
    list_panes: (c) => ['list-panes', { windowId: c.windowId }],
    capture_pane: (c) => ['capture-pane', { paneId: c.paneId, lines: String(c.lines - c.height) }],
  },
  frankhommers: {
    list_sessions: () => ['list-sessions', {}],
    list_panes: (c) => ['list-panes', { windowId: c.windowId }],
    capture_pane: (c) => ['capture-pane', { paneId: c.paneId, lines: String(c.lines) }],
  },
};

/** The first executable `tmux` on PATH, as an absolute path. */
function findTmux() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = resolve(dir, 'tmux');
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  throw new Error('tmux not found on PATH');
}

const shQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** A temp dir holding `tmux`: exec the real tmux with `-L socket` prepended, nothing else changed. */
function makeShim(realTmux, socket) {
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-peers-'));
  const path = join(dir, 'tmux');
  writeFileSync(path, `#!/bin/sh\nexec ${shQuote(realTmux)} -L ${shQuote(socket)} "$@"\n`, { mode: 0o755 });
  return { dir, path };
}

/** A built peer under `dir/name`: its entry from package.json `bin` (else `main`), version, commit. */
function findPeer(dir, name) {
  const root = join(dir, name);
  const pkgPath = join(root, 'package.json');
  if (!existsSync(pkgPath)) return { missing: `no ${pkgPath}` };
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin && Object.values(pkg.bin)[0];
  const rel = bin ?? pkg.main;
  if (!rel) return { missing: `${pkgPath} has neither bin nor main` };
  const entry = join(root, rel);
  if (!existsSync(entry)) return { missing: `${entry} does not exist (not built?)` };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['-C', root, 'rev-parse', '--short=7', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    /* not a git checkout */
  }
  return { root, entry, version: pkg.version ?? 'unknown', commit };
}

/** A peer spawned over stdio (node <entry>), minimal env, the shim first on PATH. */
async function startPeer(name, peer, shimDir) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [peer.entry],
    cwd: peer.root,
    env: minimalEnv({ PATH: `${shimDir}${delimiter}${process.env.PATH ?? ''}` }),
    stderr: 'pipe',
  });
  let errTail = '';
  transport.stderr?.on('data', (d) => (errTail = (errTail + d).slice(-2000)));
  const client = new Client({ name: `bench-peers-${name}`, version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  return { client, transport, pid: transport.pid, tools: tools.map((t) => t.name), errTail: () => errTail, close: () => client.close() };
}

const textOf = (r) =>
  (r.content ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
const oneLine = (s, n = 110) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

function run(file, args) {
  return new Promise((ok, fail) => execFile(file, args, (err) => (err ? fail(err) : ok())));
}

module.exports = async function peers({ iterations = 200, warmup = 20, lines = 200, peersDir = process.env.TMUX_MCP_PEERS_DIR } = {}) {
  if (!peersDir) {
    process.stderr.write('peers: skipped (set TMUX_MCP_PEERS_DIR to a directory of built peers, see bench/README.md)\n');
    return { skipped: 'TMUX_MCP_PEERS_DIR not set' };
  }
  const found = {};
  for (const name of Object.keys(PEERS)) {
    const p = findPeer(peersDir, name);
    if (p.missing) {
      process.stderr.write(`peers: skipping ${name}: ${p.missing}\n`);
      continue;
    }
    if (!PEERS[name].commit.startsWith(p.commit) && !p.commit.startsWith(PEERS[name].commit))
      process.stderr.write(`peers: warning: ${name} is at ${p.commit}, the mappings were written for ${PEERS[name].commit}\n`);
    found[name] = p;
  }

  const realTmux = findTmux();
  const tmux = new Tmux().start('bench', 10);
  const shim = makeShim(realTmux, tmux.socket);
  const servers = []; // { name, kind: 'ours' | peer name, handle }
  try {
    const windowId = tmux.run('display-message', '-p', '-t', 'bench', '#{window_id}');
    const paneIds = tmux.run('list-panes', '-t', windowId, '-F', '#{pane_id}').split('\n');
    if (paneIds.length !== 10) throw new Error(`expected 10 panes, got ${paneIds.length}`);
    const paneId = paneIds[0];
    // History for the capture: more than `lines` rows above a full visible screen.
    tmux.run('send-keys', '-t', paneId, `seq 1 ${lines * 3}`, 'Enter');
    const histOk = () => Number(tmux.run('display-message', '-p', '-t', paneId, '#{history_size}')) >= lines * 2;
    for (let i = 0; i < 250 && !histOk(); i++) await new Promise((r) => setTimeout(r, 20));
    if (!histOk()) throw new Error('pane history did not fill');
    const size = () =>
      tmux.run('display-message', '-p', '-t', paneId, '#{window_width}x#{window_height} pane #{pane_width}x#{pane_height}');
    const sizeBefore = size();

    servers.push({ name: 'ours_control', kind: 'ours', handle: await startServer(tmux.socket, 'control') });
    servers.push({ name: 'ours_exec', kind: 'ours', handle: await startServer(tmux.socket, 'exec') });
    for (const [name, peer] of Object.entries(found)) {
      try {
        servers.push({ name, kind: name, handle: await startPeer(name, peer, shim.dir) });
      } catch (err) {
        process.stderr.write(`peers: skipping ${name}: failed to start: ${err.message}\n`);
      }
    }
    // A peer may attach a control client (frankhommers does); make sure no client resized the window.
    await new Promise((r) => setTimeout(r, 300));
    const sizeAfter = size();
    if (sizeAfter !== sizeBefore) process.stderr.write(`peers: warning: window size changed from ${sizeBefore} to ${sizeAfter}\n`);
    const height = Number(tmux.run('display-message', '-p', '-t', paneId, '#{pane_height}'));
    const ctx = { windowId, paneId, lines, height };
    process.stderr.write(`peers: tmux socket ${tmux.socket}, window ${windowId} (${sizeAfter}), capture pane ${paneId}\n`);

    const result = { peers: {}, ops: {}, tools: {}, sizes: {}, ratios: {} };
    for (const name of Object.keys(found)) result.peers[name] = { version: found[name].version, commit: found[name].commit };

    for (const op of OPS) {
      // Which servers have the op: map it, check the tool exists, check one call is sane.
      const active = [];
      let reference = null;
      for (const s of servers) {
        const [tool, args] = CALLS[s.kind][op](ctx);
        if (s.handle.tools && !s.handle.tools.includes(tool)) {
          process.stderr.write(`peers: ${s.name} has no tool ${tool}; ${op} skipped for it\n`);
          continue;
        }
        const r = await s.handle.client.callTool({ name: tool, arguments: args });
        const text = textOf(r);
        if (r.isError) throw new Error(`${s.name} ${tool} failed: ${oneLine(text, 300)}`);
        const all = JSON.stringify(r);
        if (op === 'list_sessions' && !text.includes('"bench"'))
          throw new Error(`${s.name} ${tool}: no session "bench" in ${oneLine(all, 300)}`);
        if (op === 'list_panes' && !paneIds.every((id) => text.includes(`"${id}"`)))
          throw new Error(`${s.name} ${tool}: not all 10 panes in ${oneLine(all, 300)}`);
        let note = '';
        if (op === 'capture_pane') {
          const got = text.split('\n');
          if (got.length !== lines || got[got.length - 2] !== String(lines * 3))
            throw new Error(
              `${s.name} ${tool}: expected ${lines} lines ending at ${lines * 3}, got ${got.length}: …${oneLine(got.slice(-3).join(' | '))}`,
            );
          if (reference === null) reference = text;
          note = text === reference ? ', same text as the first server' : ', TEXT DIFFERS from the first server';
        }
        result.tools[s.name] ??= {};
        result.tools[s.name][op] = { tool, arguments: args };
        result.sizes[op] ??= {};
        result.sizes[op][s.name] = {
          responseBytes: Buffer.byteLength(all),
          textBytes: Buffer.byteLength(text),
          textLines: text.split('\n').length,
        };
        process.stderr.write(
          `peers: ${op} ${s.name}: ${tool} ${JSON.stringify(args)} -> ${result.sizes[op][s.name].responseBytes} B response, ${result.sizes[op][s.name].textLines} text lines${note}: ${oneLine(text)}\n`,
        );
        active.push({ ...s, call: () => s.handle.client.callTool({ name: tool, arguments: args }) });
      }
      for (let i = 0; i < warmup; i++) for (const s of active) await s.call();
      const samples = Object.fromEntries(active.map((s) => [s.name, []]));
      let errors = 0;
      for (let i = 0; i < iterations; i++) {
        for (let k = 0; k < active.length; k++) {
          const s = active[(i + k) % active.length];
          let r;
          samples[s.name].push(await time(async () => (r = await s.call())));
          if (r.isError) errors++;
        }
      }
      if (errors) throw new Error(`${op}: ${errors} calls returned isError during the measurement`);
      result.ops[op] = Object.fromEntries(active.map((s) => [s.name, stats(samples[s.name])]));
      result.ratios[op] = ratios(result.ops[op]);
    }

    // What the shim itself costs the peers: one tmux subprocess, direct vs through the shim.
    const fmtArg = '#{session_id}:#{session_name}';
    const direct = [];
    const viaShim = [];
    for (let i = 0; i < iterations; i++) {
      const a = () => run(realTmux, ['-L', tmux.socket, 'list-sessions', '-F', fmtArg]);
      const b = () => run(shim.path, ['list-sessions', '-F', fmtArg]);
      if (i % 2) {
        direct.push(await time(a));
        viaShim.push(await time(b));
      } else {
        viaShim.push(await time(b));
        direct.push(await time(a));
      }
    }
    result.shim = { direct: stats(direct), viaShim: stats(viaShim) };
    // Resident memory of every server after the measurement: a subprocess engine's fork costs
    // grow with the RSS of the process that forks (its page tables are copied).
    result.rssMb = Object.fromEntries(servers.map((s) => [s.name, rssMb(s.handle.pid)]));

    process.stderr.write(render(result, servers, found, ctx));
    return result;
  } finally {
    // Only what this run started: each server through its SDK transport (stdin closed, then
    // SIGTERM, then SIGKILL to that pid), then the private tmux server (which ends any control
    // client a peer attached), then the shim directory.
    for (const s of servers) {
      try {
        await s.handle.close();
      } catch {
        /* already closed */
      }
    }
    tmux.kill();
    rmSync(shim.dir, { recursive: true, force: true });
  }
};

/** Fastest peer p50 / ours control p50, and ours exec p50 / fastest peer p50 (> 1: exec slower). */
function ratios(byServer) {
  const peers = Object.entries(byServer).filter(([n]) => !n.startsWith('ours_'));
  if (!peers.length) return null;
  const [fastestPeer, { p50 }] = peers.reduce((a, b) => (b[1].p50 < a[1].p50 ? b : a));
  return {
    fastestPeer,
    fastestPeerOverOursControl: byServer.ours_control ? p50 / byServer.ours_control.p50 : null,
    oursExecOverFastestPeer: byServer.ours_exec ? byServer.ours_exec.p50 / p50 : null,
  };
}

function render(r, servers, found, ctx) {
  const names = servers.map((s) => s.name);
  const out = ['', `Peers (p50 / p95 ms, ${ctx.lines}-line capture; interleaved, rotating start):`, ''];
  out.push(`| op | ${names.join(' | ')} | fastest peer p50 / ours control p50 | ours exec p50 / fastest peer p50 |`);
  out.push(`|---|${names.map(() => '---|').join('')}---|---|`);
  for (const [op, byServer] of Object.entries(r.ops)) {
    const cells = names.map((n) => (byServer[n] ? `${fmt(byServer[n].p50)} / ${fmt(byServer[n].p95)}` : '—'));
    const q = r.ratios[op];
    const r1 = q?.fastestPeerOverOursControl != null ? `${fmt(q.fastestPeerOverOursControl, 1)}× (${q.fastestPeer})` : '—';
    const r2 = q?.oursExecOverFastestPeer != null ? `${fmt(q.oursExecOverFastestPeer, 2)}×` : '—';
    out.push(`| ${op} | ${cells.join(' | ')} | ${r1} | ${r2} |`);
  }
  out.push('');
  out.push(
    `Peers: ${
      Object.entries(found)
        .map(([n, p]) => `${n} ${p.version} @ ${p.commit}`)
        .join(', ') || 'none'
    }.`,
  );
  if (r.rssMb)
    out.push(
      `RSS after the run (MB): ${Object.entries(r.rssMb)
        .map(([n, v]) => `${n} ${fmt(v, 1)}`)
        .join(', ')}.`,
    );
  if (r.shim)
    out.push(
      `Shim cost (one \`tmux list-sessions\` subprocess): direct p50 ${fmt(r.shim.direct.p50)} ms, through the shim p50 ${fmt(r.shim.viaShim.p50)} ms (+${fmt(r.shim.viaShim.p50 - r.shim.direct.p50)} ms per tmux call of a peer).`,
    );
  out.push('');
  return out.join('\n');
}

// The cold-start bench starts the same built peers.
module.exports.findPeer = findPeer;
module.exports.PEERS = PEERS;
