'use strict';
// Patterns (docs/reference/tools.md#pattern-budget): caller patterns run in a worker
// thread within a budget. What that costs on the common path, and what a costly pattern does:
// - search_panes over 200 panes (each showing 50 lines, then `cat`): a literal that no pane shows
//   (the prefilter rules every pane out: nothing is matched), the same over the history
//   (`content_start: -100`: every pane is captured and every line matched), and a regex over the
//   history; control engine, this build against a baseline build when one is given
//   (`node bench/run.js patterns --baseline <dir>`, a checkout with dist/cli.js), the series interleaved;
// - `(a+)+$` (regex) against a pane showing 30 `a`s and `!`: how long the search takes to answer,
//   and how long a list_sessions sent 0.1 s after it waits. Once per build (the baseline's takes
//   seconds to minutes).
const { execFileSync } = require('node:child_process');
const { Tmux, cliOf, startServer, stats, interleave, now } = require('./lib');

const PANES = 200;
const PER_WINDOW = 10;
const ITERATIONS = 25;
const FILL = `sh -c 'seq 1 50 | sed "s/^/build step /; s/$/ done ok/"; exec cat'`;

function grow(tmux) {
  let have = 1;
  while (have < PANES) {
    const inWindow = Math.min(PER_WINDOW, PANES - have);
    const args = ['new-window', '-d', '-t', 'patterns:', FILL];
    for (let i = 1; i < inWindow; i++)
      args.push(';', 'split-window', '-d', '-t', 'patterns:$', FILL, ';', 'select-layout', '-t', 'patterns:$', 'tiled');
    execFileSync('tmux', ['-u', '-L', tmux.socket, ...args], { stdio: 'ignore' });
    have += inWindow;
  }
}

async function costly(server) {
  const t0 = now();
  const search = server.client
    .callTool({ name: 'search_panes', arguments: { pattern: '(a+)+$', regex: true, session_name: 'costly' } }, undefined, {
      timeout: 600_000,
    })
    .then((r) => ({ ms: now() - t0, error: r.isError ? r.content[0].text.split('\n')[0] : null }));
  await new Promise((r) => setTimeout(r, 100));
  const t1 = now();
  await server.client.callTool({ name: 'list_sessions', arguments: {} }, undefined, { timeout: 600_000 });
  const beside = now() - t1;
  const s = await search;
  return { searchMs: s.ms, searchError: s.error, besideMs: beside };
}

module.exports = async function patterns({ iterations, baseline } = {}) {
  const tmux = new Tmux();
  tmux.run('new-session', '-d', '-s', 'patterns', '-x', '200', '-y', '60', FILL);
  grow(tmux);
  tmux.run('new-session', '-d', '-s', 'costly', '-x', '80', '-y', '24', `sh -c 'printf "%s!\\n" ${'a'.repeat(30)}; exec cat'`);
  const baselineCli = baseline ? cliOf(baseline) : undefined;
  const servers = { ours: await startServer(tmux.socket, 'control') };
  if (baselineCli) servers.baseline = await startServer(tmux.socket, 'control', {}, baselineCli);
  try {
    const call = (s, args, check) => async () => {
      const r = await s.client.callTool({ name: 'search_panes', arguments: { session_name: 'patterns', ...args } });
      if (r.isError || !check(r.structuredContent))
        throw new Error(`search_panes ${JSON.stringify(args)}: unexpected ${JSON.stringify(r.content)}`);
    };
    const none = (r) => r.total_panes_matched === 0;
    const all = (r) => r.total_panes_matched === PANES;
    const series = {};
    for (const [name, s] of Object.entries(servers)) {
      series[`${name}Literal`] = call(s, { pattern: 'tmux-mcp-no-such-text' }, none);
      series[`${name}LiteralHistory`] = call(s, { pattern: 'tmux-mcp-no-such-text', content_start: -100 }, none);
      series[`${name}RegexHistory`] = call(s, { pattern: 'step \\d+ done', regex: true, content_start: -100, limit: null }, all);
    }
    const samples = await interleave(series, iterations ?? ITERATIONS, 3);
    const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
    for (const [k, v] of Object.entries(s)) process.stderr.write(`patterns: ${k} p50 ${v.p50.toFixed(2)} / p95 ${v.p95.toFixed(2)} ms\n`);
    const costlyRuns = {};
    for (const [name, srv] of Object.entries(servers)) {
      costlyRuns[name] = await costly(srv);
      process.stderr.write(`patterns: costly (a+)+$ on ${name}: ${JSON.stringify(costlyRuns[name])}\n`);
    }
    return { panes: PANES, series: s, costly: costlyRuns, baseline: baselineCli ?? null };
  } finally {
    for (const srv of Object.values(servers)) await srv.close();
    tmux.kill();
  }
};
