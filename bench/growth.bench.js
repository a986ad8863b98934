'use strict';
// Growth: how the cost of a call grows with the number of panes (issue 18, item 4). 10, 50 and
// 200 panes, each running `cat` (an empty screen: nothing matches); list_panes of every pane and
// search_panes for text no pane shows, on the control engine and on the subprocess engine
// (TMUX_MCP_ENGINE=exec), the series interleaved in rotating order at each size. Also
// search_panes over the last 100 lines of history (content_start -100): tmux's prefilter only
// sees the visible rows, so there every pane is captured (in batches, docs/reference/engine.md#command-batches).
// Target: search_panes over 200 panes on the subprocess engine ≤ 4× the control engine.
const { execFileSync } = require('node:child_process');
const { Tmux, startServer, stats, interleave } = require('./lib');

const SIZES = [10, 50, 200];
/** Iterations per size: the subprocess engine's search once took ~15 ms a pane. */
const ITERATIONS = { 10: 60, 50: 40, 200: 25 };
const PER_WINDOW = 10;
const PATTERN = 'tmux-mcp-growth-no-such-text';

/**
 * Grows the bench server to `n` panes running `cat`, ten to a window: one tmux command list (one
 * subprocess) per window. `growth:$` is the session's highest-numbered window, the one just made.
 */
function growTo(tmux, have, n) {
  while (have < n) {
    const inWindow = Math.min(PER_WINDOW, n - have);
    const args = ['new-window', '-d', '-t', 'growth:', 'cat'];
    for (let i = 1; i < inWindow; i++)
      args.push(';', 'split-window', '-d', '-t', 'growth:$', 'cat', ';', 'select-layout', '-t', 'growth:$', 'tiled');
    execFileSync('tmux', ['-u', '-L', tmux.socket, ...args], { stdio: 'ignore' });
    have += inWindow;
  }
  return have;
}

module.exports = async function growth({ iterations } = {}) {
  const tmux = new Tmux();
  // The first window holds `cat` too, so every pane of the server runs cat.
  tmux.run('new-session', '-d', '-s', 'growth', '-x', '200', '-y', '60', 'cat');
  tmux.socketPath = tmux.run('display-message', '-p', '#{socket_path}');
  const control = await startServer(tmux.socket, 'control');
  const exec = await startServer(tmux.socket, 'exec');
  try {
    let have = 1;
    const rows = [];
    for (const n of SIZES) {
      have = growTo(tmux, have, n);
      const list = (s) => async () => {
        const r = await s.client.callTool({ name: 'list_panes', arguments: {} });
        if (r.isError || r.structuredContent.result.length !== n) throw new Error(`list_panes: expected ${n} panes`);
      };
      const search =
        (s, extra = {}) =>
        async () => {
          const r = await s.client.callTool({ name: 'search_panes', arguments: { pattern: PATTERN, ...extra } });
          if (r.isError || r.structuredContent.total_panes_matched !== 0) throw new Error('search_panes: expected no match');
        };
      const series = {
        listControl: list(control),
        listExec: list(exec),
        searchControl: search(control),
        searchExec: search(exec),
        historyControl: search(control, { content_start: -100 }),
        historyExec: search(exec, { content_start: -100 }),
      };
      const samples = await interleave(series, iterations ?? ITERATIONS[n], 3);
      const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
      rows.push({ panes: n, ...s });
      process.stderr.write(
        `growth: ${n} panes: list_panes ${s.listControl.p50.toFixed(1)} / ${s.listExec.p50.toFixed(1)} ms, ` +
          `search_panes ${s.searchControl.p50.toFixed(1)} / ${s.searchExec.p50.toFixed(1)} ms, ` +
          `over history ${s.historyControl.p50.toFixed(1)} / ${s.historyExec.p50.toFixed(1)} ms (control / exec p50)\n`,
      );
    }
    const last = rows[rows.length - 1];
    return { pattern: PATTERN, rows, searchExecOverControlAt200: last.searchExec.p50 / last.searchControl.p50 };
  } finally {
    await control.close();
    await exec.close();
    tmux.kill();
  }
};
