'use strict';
// The floor (docs/architecture.md#the-floor): for list_sessions, list_panes (10
// panes) and capture_pane (200 lines) on the control engine, interleaved in one loop (rotating
// order):
//  - the tool call through the SDK client over stdio;
//  - an MCP `ping` round trip to the same server (the protocol's share: client, stdio, server);
//  - the same tmux commands the tool sends, on a bare control-mode client started here (write
//    the lines, read until each %end): tmux's share.
// Floor = ping + raw; the ratio call / floor is what the server itself adds (target ≤ 1.25).
// A second loop does the same on a server at the default log level (info: an audit and a timing
// line per call on stderr), which is how a client runs it unless told otherwise.
const { Tmux, startServer, stats, interleave, rawControl, fmt, CLI, cliOf } = require('./lib');
const { formatOf, PANE_FIELDS, SESSION_FIELDS, SEP } = require('../dist/services/tmux-formats');
const { formatControlLine } = require('../dist/tmux/control-quoting');

const LINES = 200;
const TOOLS = ['list_sessions', 'list_panes', 'capture_pane'];

module.exports = async function floor({ iterations = 400, baseline } = {}) {
  const tmux = new Tmux().start('bench', 10);
  const paneIds = tmux.run('list-panes', '-t', 'bench', '-F', '#{pane_id}').split('\n');
  if (paneIds.length !== 10) throw new Error(`expected 10 panes, got ${paneIds.length}`);
  const paneId = paneIds[0];
  // History for the capture: more than LINES rows above a full visible screen.
  tmux.run('send-keys', '-t', paneId, `seq 1 ${LINES * 3}`, 'Enter');
  const histOk = () => Number(tmux.run('display-message', '-p', '-t', paneId, '#{history_size}')) >= LINES * 2;
  for (let i = 0; i < 250 && !histOk(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!histOk()) throw new Error('pane history did not fill');
  const height = Number(tmux.run('display-message', '-p', '-t', paneId, '#{pane_height}'));
  const start = -(LINES - height);

  // What each tool sends (src/services/hierarchy.service.ts, src/services/capture.service.ts),
  // quoted as the control engine quotes it. list_sessions pipelines two commands.
  const rawCmds = {
    list_sessions: [
      formatControlLine(['list-sessions', '-F', formatOf(SESSION_FIELDS)]),
      formatControlLine(['list-clients', '-F', `#{client_termname}${SEP}#{session_id}`]),
    ],
    list_panes: [formatControlLine(['list-panes', '-a', '-F', formatOf(PANE_FIELDS)])],
    capture_pane: [formatControlLine(['capture-pane', '-p', '-t', paneId, '-S', String(start)])],
  };
  const args = { list_sessions: {}, list_panes: {}, capture_pane: { pane_id: paneId, start, max_lines: null } };

  // This build at the bench's usual level (warn) and at the default one (info); with a baseline
  // build (`--baseline DIR`), the same two beside them, in the same loops.
  const builds = { this: CLI, ...(baseline ? { baseline: cliOf(baseline) } : {}) };
  const servers = { warn: {}, info: {} };
  for (const [b, cli] of Object.entries(builds)) {
    servers.warn[b] = await startServer(tmux.socket, 'control', {}, cli);
    servers.info[b] = await startServer(tmux.socket, 'control', { TMUX_MCP_LOG_LEVEL: 'info' }, cli);
  }
  const raw = rawControl(tmux.socket, 'bench');
  await raw.ready;
  try {
    // Sanity: the call and the raw command see the same things.
    const check = async (s) => {
      const ls = await s.client.callTool({ name: 'list_sessions', arguments: args.list_sessions });
      const lp = await s.client.callTool({ name: 'list_panes', arguments: args.list_panes });
      const cp = await s.client.callTool({ name: 'capture_pane', arguments: args.capture_pane });
      if (ls.isError || ls.structuredContent.result.length !== 1) throw new Error(`list_sessions: ${JSON.stringify(ls)}`);
      if (lp.isError || lp.structuredContent.result.length !== 10) throw new Error(`list_panes: ${JSON.stringify(lp).slice(0, 300)}`);
      const text = cp.content[0].text;
      if (cp.isError || text.split('\n').length !== LINES) throw new Error(`capture_pane: ${text.split('\n').length} lines`);
      return text;
    };
    let text;
    for (const level of Object.values(servers)) for (const s of Object.values(level)) text = await check(s);
    const [rawCap] = await raw.runAll(rawCmds.capture_pane);
    if (rawCap.join('\n') !== text) throw new Error('the raw capture differs from the tool');
    const [rawSessions, rawClients] = await raw.runAll(rawCmds.list_sessions);
    if (rawSessions.length !== 1 || rawClients.length < 1) throw new Error('raw list_sessions');
    const [rawPanes] = await raw.runAll(rawCmds.list_panes);
    if (rawPanes.length !== 10) throw new Error('raw list-panes');

    /** One loop: every build's ping and calls and the raw commands, interleaved (rotating order). */
    const loop = async (byBuild) => {
      const series = {};
      for (const t of TOOLS) series[`raw_${t}`] = () => raw.runAll(rawCmds[t]);
      for (const [b, s] of Object.entries(byBuild)) {
        series[`ping_${b}`] = () => s.client.ping();
        for (const t of TOOLS) series[`${t}_${b}`] = () => s.client.callTool({ name: t, arguments: args[t] });
      }
      const samples = await interleave(series, iterations, 50);
      const st = Object.fromEntries(Object.keys(series).map((n) => [n, stats(samples[n])]));
      const out = {};
      for (const b of Object.keys(byBuild)) {
        const ping = st[`ping_${b}`];
        out[b] = { ping };
        for (const t of TOOLS) {
          const call = st[`${t}_${b}`];
          const rawT = st[`raw_${t}`];
          const floorMs = ping.p50 + rawT.p50;
          out[b][t] = { call, raw: rawT, floor: floorMs, own: call.p50 - floorMs, ratio: call.p50 / floorMs };
        }
      }
      return out;
    };
    const result = { lines: LINES, panes: 10, iterations, raw: rawCmds, warn: await loop(servers.warn), info: await loop(servers.info) };
    for (const level of ['warn', 'info'])
      for (const b of Object.keys(builds)) {
        const r = result[level][b];
        process.stderr.write(`floor, ${b === 'this' ? 'this build' : 'baseline'}, log level ${level}: ping p50 ${fmt(r.ping.p50, 3)} ms\n`);
        for (const t of TOOLS) {
          const x = r[t];
          process.stderr.write(
            `  ${t.padEnd(13)} call p50 ${fmt(x.call.p50, 3)}  raw p50 ${fmt(x.raw.p50, 3)}  floor ${fmt(x.floor, 3)}  own ${fmt(x.own, 3)}  ratio ${fmt(x.ratio, 2)}\n`,
          );
        }
      }
    return result;
  } finally {
    await raw.close();
    for (const level of Object.values(servers)) for (const s of Object.values(level)) await s.close();
    tmux.kill();
  }
};

// `node bench/floor.bench.js [iterations] [baseline dir]` prints the result as JSON (bench/run.js runs it too).
if (require.main === module)
  module
    .exports({ iterations: Number(process.argv[2]) || undefined, baseline: process.argv[3] })
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 1)}\n`))
    .catch((err) => {
      process.stderr.write(`${err.stack ?? err}\n`);
      process.exit(1);
    });
