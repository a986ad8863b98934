'use strict';
// Runs every benchmark side by side in one process run and writes bench/RESULTS.md.
// Usage: npm run bench                               (all)
//        node bench/run.js list                      (one, by file prefix)
//        node bench/run.js cold --baseline ../other  (also time another built checkout, interleaved;
//                                                     or BENCH_BASELINE=../other)
//        node bench/run.js --peers DIR               (also the peers, built by hand in DIR;
//                                                     or TMUX_MCP_PEERS_DIR=DIR, see bench/README.md)
// The servers run on the node that runs this script: `npx -p node@22 -- node bench/run.js cold`.
const { writeFileSync, existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const os = require('node:os');
const { execFileSync } = require('node:child_process');
const { fmt } = require('./lib');

const BENCHES = [
  'tokens',
  'list-panes',
  'capture',
  'floor',
  'events',
  'wait',
  'runs',
  'cold-start',
  'memory',
  'remote',
  'peers',
  'growth',
  'patterns',
  'tmux-growth',
];

function parseArgs(argv) {
  let only;
  let baseline = process.env.BENCH_BASELINE || undefined;
  let peersDir = process.env.TMUX_MCP_PEERS_DIR || undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--peers') peersDir = resolve(argv[++i]);
    else if (argv[i].startsWith('--peers=')) peersDir = resolve(argv[i].slice('--peers='.length));
    else if (argv[i] === '--baseline') baseline = argv[++i];
    else if (argv[i].startsWith('--baseline=')) baseline = argv[i].slice('--baseline='.length);
    else only = argv[i];
  }
  if (baseline) {
    baseline = resolve(baseline);
    if (!existsSync(join(baseline, 'dist', 'cli.js')))
      throw new Error(`baseline ${baseline} has no dist/cli.js (npm ci && npm run build there)`);
  }
  return { only, baseline, peersDir };
}

async function main() {
  const { only, baseline, peersDir } = parseArgs(process.argv.slice(2));
  const results = {};
  for (const name of BENCHES) {
    if (only && !name.startsWith(only)) continue;
    const file = join(__dirname, `${name}.bench.js`);
    if (!existsSync(file)) continue;
    process.stderr.write(`bench: ${name} ...\n`);
    results[name] = await require(file)({ baseline, peersDir });
    process.stderr.write(`bench: ${name} done: ${JSON.stringify(results[name])}\n`);
  }
  const md = render(results, baseline);
  process.stdout.write(md);
  if (!only) writeFileSync(join(__dirname, 'RESULTS.md'), md);
}

/** The baseline checkout and, when it is a git checkout, its commit. */
function describe(dir) {
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return `${dir} (commit ${commit.trim()})`;
  } catch {
    return dir;
  }
}

const verdict = (ok, miss) => (ok ? 'met' : `missed (${miss})`);

function render(r, baseline) {
  const tmuxV = execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim();
  const out = [
    '# Benchmark results',
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; Node ${process.version}; ${tmuxV}.`,
    `Date: ${new Date().toISOString()}. All numbers from one \`npm run bench\` run; each comparison is measured interleaved in that run.`,
    'Times are milliseconds over the real stdio protocol with the SDK client unless noted; p50/p95 = median / 95th percentile.',
    '',
    '| # | benchmark | result | baseline | ratio | target | verdict |',
    '|---|---|---|---|---|---|---|',
  ];
  const notes = [];
  const lp = r['list-panes'];
  if (lp) {
    const ratio = lp.latency.exec.p50 / lp.latency.control.p50;
    out.push(
      `| 1 | list_panes, 10 panes | control p50 ${fmt(lp.latency.control.p50)} / p95 ${fmt(lp.latency.control.p95)} | exec p50 ${fmt(lp.latency.exec.p50)} / p95 ${fmt(lp.latency.exec.p95)} | ${fmt(ratio, 1)}× faster | p50 ≤ 1.5 ms and ≥ 4× | ${verdict(lp.latency.control.p50 <= 1.5 && ratio >= 4, `p50 ${fmt(lp.latency.control.p50)} ms, ${fmt(ratio, 1)}×`)} |`,
    );
    const d = lp.decomposition;
    if (d) {
      // Where one call goes, from the second interleaved loop of bench 1 (six series in turn).
      const floor = d.ping.p50 + d.rawControl.p50;
      const ceiling = d.exec.p50 / floor;
      notes.push(
        `Bench 1, where the time of one call goes (p50 from a second loop that interleaves six series, in which every series runs slower than in the two-series loop above): ` +
          `list_panes control ${fmt(d.control.p50)} ms, exec ${fmt(d.exec.p50)} ms (${fmt(d.exec.p50 / d.control.p50, 1)}×); the same \`list-panes\` command (same 22-field format) on a bare control-mode client ${fmt(d.rawControl.p50)} ms and as a tmux subprocess ${fmt(d.rawSubprocess.p50)} ms; an MCP \`ping\` round trip ${fmt(d.ping.p50)} ms. ` +
          `tmux's own work for the control command plus the protocol floor come to ${fmt(floor)} ms, so against this exec time the ratio is at most ${fmt(ceiling, 1)}× even with a server that took no time; the server's own share of a control call is ${fmt(d.control.p50 - floor)} ms` +
          (ceiling < 4 ? '. ' : `, and 4× needs it at ${fmt(d.exec.p50 / 4 - floor)} ms or less. `) +
          `With the default log level (info: an audit and a timing line on stderr per call; every other series runs at warn) the control p50 is ${fmt(d.controlInfo.p50)} ms.`,
      );
    }
  }
  const cap = r.capture;
  if (cap) {
    const ratio = cap.mcp.p50 / cap.raw.p50;
    out.push(
      `| 2 | capture_pane, ${cap.lines} lines (start -2000, max_lines null) | p50 ${fmt(cap.mcp.p50)} / p95 ${fmt(cap.mcp.p95)} | raw control-mode command p50 ${fmt(cap.raw.p50)} | ${fmt(ratio, 2)}× the raw command | ≤ 2× raw (≈ ≤ 6 ms) | ${verdict(ratio <= 2 || cap.mcp.p50 <= 6, `${fmt(ratio, 2)}×, p50 ${fmt(cap.mcp.p50)} ms`)} |`,
    );
  }
  const fl = r.floor;
  if (fl) {
    // Bench 11 (floor.bench.js): each call against an MCP ping plus the same tmux commands on a bare control client.
    for (const [i, t] of ['list_sessions', 'list_panes', 'capture_pane'].entries()) {
      const x = fl.warn.this[t];
      const info = fl.info.this[t];
      const base = fl.warn.baseline?.[t];
      out.push(
        `| 11${'abc'[i]} | floor: ${t}${t === 'capture_pane' ? ` (${fl.lines} lines)` : t === 'list_panes' ? ` (${fl.panes} panes)` : ''}, control engine | call p50 ${fmt(x.call.p50)} (at info: ratio ${fmt(info.ratio, 2)}×) | floor ${fmt(x.floor)} = ping ${fmt(fl.warn.this.ping.p50)} + raw ${fmt(x.raw.p50)}${base ? `; baseline ratio ${fmt(base.ratio, 2)}×` : ''} | ${fmt(x.ratio, 2)}× the floor | ≤ 1.25× | ${verdict(x.ratio <= 1.25, `${fmt(x.ratio, 2)}×, own ${fmt(x.own)} ms`)} |`,
      );
    }
  }
  if (lp) {
    out.push(
      `| 3 | throughput, 1000 concurrent list_panes | ${Math.round(lp.throughput.control)} calls/s | exec ${Math.round(lp.throughput.exec)} calls/s (200 concurrent) | ${fmt(lp.throughput.control / lp.throughput.exec, 1)}× | ≥ 2000 calls/s | ${verdict(lp.throughput.control >= 2000, `${Math.round(lp.throughput.control)} calls/s`)} |`,
    );
  }
  const ev = r.events;
  if (ev) {
    out.push(
      `| 4 | event wake-up, print → subscriber (engine level) | p50 ${fmt(ev.wake.p50)} / p95 ${fmt(ev.wake.p95)} | polling every 50 ms: expected mean 25 | — | p50 ≤ 2, p95 ≤ 10, no idle CPU | ${verdict(ev.wake.p50 <= 2 && ev.wake.p95 <= 10 && ev.idleCpuMs <= 5, `p50 ${fmt(ev.wake.p50)}, p95 ${fmt(ev.wake.p95)}, idle CPU ${fmt(ev.idleCpuMs)} ms over 5 s`)}${ev.wake.p50 <= 2 && ev.wake.p95 <= 10 && ev.idleCpuMs <= 5 ? ` (idle CPU ${fmt(ev.idleCpuMs)} ms over 5 s)` : ''} |`,
    );
  }
  const w = r.wait;
  if (w) {
    out.push(
      `| 4b | wait_for_text over MCP, print → result | p50 ${fmt(w.wait.p50)} / p95 ${fmt(w.wait.p95)} | exec engine (polling) p50 ${fmt(w.waitExec.p50)} | ${fmt(w.waitExec.p50 / w.wait.p50, 1)}× | p50 ≤ 5 ms | ${verdict(w.wait.p50 <= 5, `p50 ${fmt(w.wait.p50)} ms`)} |`,
      `| 4c | run_command "true" round trip | p50 ${fmt(w.run.p50)} / p95 ${fmt(w.run.p95)} | exec engine p50 ${fmt(w.runExec.p50)} | ${fmt(w.runExec.p50 / w.run.p50, 1)}× | p50 ≤ 15 ms | ${verdict(w.run.p50 <= 15, `p50 ${fmt(w.run.p50)} ms`)} |`,
    );
  }
  const cs = r['cold-start'];
  if (cs) {
    const extra = cs.server.p50 - cs.node.p50;
    out.push(
      `| 5 | cold start, spawn → initialize reply | p50 ${fmt(cs.server.p50, 1)} / p95 ${fmt(cs.server.p95, 1)} | \`node -e 0\` p50 ${fmt(cs.node.p50, 1)} | +${fmt(extra, 1)} ms | ≤ node + 80 ms | ${verdict(extra <= 80, `+${fmt(extra, 1)} ms`)} |`,
    );
    if (cs.nickgnd) {
      const vs = Object.keys(cs.peers ?? {})
        .map((n) => `${n} p50 ${fmt(cs[n].p50, 1)} / p95 ${fmt(cs[n].p95, 1)}`)
        .join('; ');
      out.push(
        `| 5b | cold start against the peers (same loop) | p50 ${fmt(cs.server.p50, 1)} / p95 ${fmt(cs.server.p95, 1)} | ${vs} | ${fmt(cs.ratioToNickgnd, 2)}× nickgnd | p50 ≤ nickgnd | ${verdict(cs.ratioToNickgnd <= 1, `${fmt(cs.ratioToNickgnd, 2)}×`)} |`,
      );
    }
    notes.push(
      `Bench 5, the same loop: spawn → first tools/list reply (initialize, initialized, tools/list sent as a client does) p50 ${fmt(cs.serverList.p50, 1)} / p95 ${fmt(cs.serverList.p95, 1)} ms.` +
        (cs.peers
          ? ` Peers: ${Object.entries(cs.peers)
              .map(([n, v]) => `${n} ${v}`)
              .join(', ')}.`
          : ''),
    );
  }
  const m = r.memory;
  if (m) {
    const growth = m.end - m.half;
    out.push(
      `| 6 | memory, RSS after 10,000 calls | ${fmt(m.end, 1)} MB (start ${fmt(m.start, 1)}, at 5,000: ${fmt(m.half, 1)}; then ${m.pace}: ${fmt(m.paced, 1)}) | — | growth 5k→10k ${fmt(growth, 1)} MB | ≤ 100 MB, not growing | ${verdict(m.end <= 100 && growth <= 2, `${fmt(m.end, 1)} MB, +${fmt(growth, 1)} MB`)} |`,
    );
    const sm = m.smallNewSpace;
    if (sm) {
      notes.push(
        `Bench 6 with \`NODE_OPTIONS=${sm.nodeOptions}\` (the same calls, batch for batch in turn): ${fmt(sm.end, 1)} MB after 10,000 calls (start ${fmt(sm.start, 1)}, at 5,000: ${fmt(sm.half, 1)}; then ${m.pace}: ${fmt(sm.paced, 1)}).`,
      );
    }
  }
  const rm = r.remote;
  if (rm && !rm.skipped) {
    const L = rm.latency;
    const overLocal = L.remoteControl.p50 / L.local.p50;
    const execOverControl = L.remoteExec.p50 / L.remoteControl.p50;
    out.push(
      `| 7 | remote host over ssh (loopback sshd): list_panes, 10 panes | control p50 ${fmt(L.remoteControl.p50)} / p95 ${fmt(L.remoteControl.p95)} | local p50 ${fmt(L.local.p50)} | ${fmt(overLocal, 2)}× local | ≤ 2× local | ${verdict(overLocal <= 2, `${fmt(overLocal, 2)}×`)} |`,
      `| 7b | remote host: control engine vs subprocess engine (one ssh session per tmux command) | control p50 ${fmt(L.remoteControl.p50)} | exec p50 ${fmt(L.remoteExec.p50)} / p95 ${fmt(L.remoteExec.p95)}${L.remoteExecRc ? `; with the login shell's rc files ${fmt(L.remoteExecRc.p50)}` : ''} | ${fmt(execOverControl, 1)}× faster | ≥ 20× | ${verdict(execOverControl >= 20, `${fmt(execOverControl, 1)}×`)} |`,
      `| 7c | remote host: first call of a fresh server (ssh connects, logs in, attaches) | p50 ${fmt(rm.setup.p50, 0)} / max ${fmt(rm.setup.max, 0)} (${rm.setup.n} servers) | — | — | report | — |`,
      `| 7d | RSS with ${rm.hosts} remote hosts connected | ${fmt(rm.rss.withHosts, 1)} MB | the same server before, local only: ${fmt(rm.rss.localOnly, 1)} MB | +${fmt(rm.rss.withHosts - rm.rss.localOnly, 1)} MB | report | — |`,
    );
  }
  const tk = r.tokens;
  if (tk) {
    const all = tk['this server (default tier)'];
    const core = tk['this server, TMUX_MCP_TOOLSETS=core'];
    out.push(
      `| 9 | model-visible tokens of tools/list (o200k_base), default tier | ${all.tokens} (${all.tools} tools) | — | — | ≤ 8,000 | ${verdict(all.tokens <= 8000, String(all.tokens))} |`,
      `| 9b | the same, \`core\` toolset | ${core.tokens} (${core.tools} tools) | — | — | ≤ 2,600 | ${verdict(core.tokens <= 2600, String(core.tokens))} |`,
    );
  }
  const ru = r.runs;
  if (ru) {
    const w = ru.waitForInput;
    const p = ru.push;
    out.push(
      `| 10 | waiting for input: the command starts to wait → run_command returns (waiting_for_input) | p50 ${fmt(w.p50, 0)} / p95 ${fmt(w.p95, 0)} | — | — | within 1,500 ms | ${verdict(w.p95 <= 1500, `p95 ${fmt(w.p95, 0)} ms`)} |`,
      `| 10b | push: a subscribed run ends → notifications/resources/updated | p50 ${fmt(p.p50)} / p95 ${fmt(p.p95)} | — | — | p50 ≤ 1,000 ms | ${verdict(p.p50 <= 1000, `p50 ${fmt(p.p50)} ms`)} |`,
      `| 10c | following 50 runs in flight (nobody waiting): server CPU over 10 s idle, RSS | ${fmt(ru.idleFiftyRuns.cpuMsPer10s, 0)} ms CPU, ${fmt(ru.idleFiftyRuns.rssMb, 1)} MB | no run: ${fmt(ru.idleNoRuns.cpuMsPer10s, 0)} ms CPU, ${fmt(ru.idleNoRuns.rssMb, 1)} MB | +${fmt(ru.idleFiftyRuns.cpuMsPer10s - ru.idleNoRuns.cpuMsPer10s, 0)} ms / +${fmt(ru.idleFiftyRuns.rssMb - ru.idleNoRuns.rssMb, 1)} MB | report | — |`,
    );
  }
  const g = r.growth;
  if (g) {
    const last = g.rows[g.rows.length - 1];
    out.push(
      `| 8 | search_panes (no match), ${last.panes} panes: subprocess engine against control | exec p50 ${fmt(last.searchExec.p50)} | control p50 ${fmt(last.searchControl.p50)} | ${fmt(g.searchExecOverControlAt200, 2)}× control | ≤ 4× control | ${verdict(g.searchExecOverControlAt200 <= 4, `${fmt(g.searchExecOverControlAt200, 2)}×`)} |`,
    );
  }
  const pe = r.peers;
  if (pe && !pe.skipped && pe.ops) {
    const names = Object.keys(pe.ops[Object.keys(pe.ops)[0]] ?? {});
    const peerList = Object.entries(pe.peers)
      .map(([n, p]) => `${n} ${p.version} (commit ${p.commit})`)
      .join(', ');
    out.push(
      '',
      `Peers, the same three calls on every server over stdio, interleaved in one loop (rotating start), p50 / p95 ms: ${peerList}. Targets: the control engine ≥ 4× faster than the fastest peer at p50; the subprocess engine (\`TMUX_MCP_ENGINE=exec\`) no slower than it.`,
      '',
      `| call | ${names.join(' | ')} | fastest peer / ours control | ours exec / fastest peer | verdict |`,
      `|---|${names.map(() => '---|').join('')}---|---|---|`,
    );
    for (const [op, byServer] of Object.entries(pe.ops)) {
      const q = pe.ratios[op];
      const cells = names.map((n) => (byServer[n] ? `${fmt(byServer[n].p50)} / ${fmt(byServer[n].p95)}` : '—'));
      const c = q?.fastestPeerOverOursControl;
      const e = q?.oursExecOverFastestPeer;
      const misses = [];
      if (c != null && c < 4) misses.push(`control ${fmt(c, 1)}×`);
      if (e != null && e > 1) misses.push(`exec ${fmt(e, 2)}×`);
      out.push(
        `| ${op} | ${cells.join(' | ')} | ${c != null ? `${fmt(c, 1)}× (${q.fastestPeer})` : '—'} | ${e != null ? `${fmt(e, 2)}×` : '—'} | ${verdict(!misses.length, misses.join(', '))} |`,
      );
    }
    if (pe.rssMb)
      notes.push(
        `Peers bench, resident memory after its run (MB): ${Object.entries(pe.rssMb)
          .map(([n, v]) => `${n} ${fmt(v, 1)}`)
          .join(
            ', ',
          )}. The peers call a bare \`tmux\`; a shim first on their PATH adds \`-L <socket>\` (one \`sh\` exec per tmux call: p50 ${fmt(pe.shim.viaShim.p50)} ms through it against ${fmt(pe.shim.direct.p50)} ms direct for one \`tmux list-sessions\`).`,
      );
  }
  if (g) {
    out.push(
      '',
      'How cost grows with the panes (each running `cat`; p50 ms, control / subprocess engine, the six series of a size interleaved; "over history": `content_start: -100`, where every pane is captured):',
      '',
      '| panes | list_panes (all) | search_panes (no match) | search_panes over history (no match) |',
      '|---|---|---|---|',
      ...g.rows.map(
        (x) =>
          `| ${x.panes} | ${fmt(x.listControl.p50, 1)} / ${fmt(x.listExec.p50, 1)} | ${fmt(x.searchControl.p50, 1)} / ${fmt(x.searchExec.p50, 1)} | ${fmt(x.historyControl.p50, 1)} / ${fmt(x.historyExec.p50, 1)} |`,
      ),
      '',
    );
  }
  if (tk) {
    out.push(
      '',
      'Context cost: what a model is shown of the tools (name, description and input schema as JSON), o200k_base tokens (exact, not timed; peers when built, see bench/README.md):',
      '',
      '| server, selection | tools | tokens | per tool | tools/list bytes |',
      '|---|---|---|---|---|',
      ...Object.entries(tk).map(([n, x]) => `| ${n} | ${x.tools} | ${x.tokens} | ${x.perTool} | ${x.bytes} |`),
      '',
    );
  }
  if (baseline) {
    const lines = [];
    if (cs?.baseline) {
      lines.push(
        `cold start p50: this build ${fmt(cs.server.p50, 1)} ms (+${fmt(cs.server.p50 - cs.node.p50, 1)}), baseline ${fmt(cs.baseline.p50, 1)} ms (+${fmt(cs.baseline.p50 - cs.node.p50, 1)}), \`node -e 0\` ${fmt(cs.node.p50, 1)} ms; fastest start: ${fmt(cs.server.min, 1)} / ${fmt(cs.baseline.min, 1)} / ${fmt(cs.node.min, 1)} ms.`,
      );
    }
    const vb = lp?.vsBaseline;
    if (vb) {
      lines.push(
        `list_panes p50 (four series in rotating order): control ${fmt(vb.control.p50)} ms, baseline control ${fmt(vb.baselineControl.p50)} ms; exec ${fmt(vb.exec.p50)} ms, baseline exec ${fmt(vb.baselineExec.p50)} ms.`,
      );
    }
    if (m?.baseline) {
      lines.push(
        `memory after 10,000 calls (batches in turn): this build ${fmt(m.end, 1)} MB (at 5,000: ${fmt(m.half, 1)}), baseline ${fmt(m.baseline.end, 1)} MB (at 5,000: ${fmt(m.baseline.half, 1)}); after ${m.pace}: this build ${fmt(m.paced, 1)} MB, baseline ${fmt(m.baseline.paced, 1)} MB.`,
      );
    }
    if (lines.length) notes.push(`Against the baseline build ${describe(baseline)}, interleaved in this run: ${lines.join(' ')}`);
  }
  if (notes.length) out.push('', ...notes);
  out.push('', 'Raw data:', '', '```json', JSON.stringify(r, null, 1), '```', '');
  return out.join('\n');
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err.stack ?? err}\n`);
  process.exit(1);
});
