// node run.js <tool> <n> [cpuprof dir]  -- profile server (and client) over n calls
const { Tmux } = require('/work/main/bench/lib.js');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
(async () => {
  const tool = process.argv[2], n = Number(process.argv[3]), dir = process.argv[4];
  const tmux = new Tmux().start('bench', 10);
  const pane = tmux.run('list-panes', '-t', 'bench', '-F', '#{pane_id}').split('\n')[0];
  const args = { list_sessions: {}, list_panes: {}, capture_pane: { pane_id: pane, start: -100, max_lines: null } }[tool];
  const nodeArgs = dir ? [`--cpu-prof`, `--cpu-prof-dir=${dir}`] : [];
  const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeArgs, '/work/main/dist/cli.js', '--socket-name', tmux.socket],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMUX_MCP_ENGINE: 'control', TMUX_MCP_LOG_LEVEL: process.env.LVL || 'warn', ...(process.env.PROBE ? { PROBE: '1' } : {}) }, stderr: 'inherit' });
  const client = new Client({ name: 'p', version: '1' });
  await client.connect(transport);
  await client.listTools();
  for (let i = 0; i < 200; i++) await client.callTool({ name: tool, arguments: args });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) { const r = await client.callTool({ name: tool, arguments: args }); if (r.isError) throw new Error(JSON.stringify(r)); }
  const t1 = performance.now();
  const tp = performance.now();
  for (let i = 0; i < (process.env.PINGS ? n : 0); i++) await client.ping();
  const t2 = performance.now();
  console.log(tool, 'call avg', ((t1 - t0) / n).toFixed(3), 'ping avg', ((t2 - tp) / n).toFixed(3));
  await client.close();
  await new Promise(r => setTimeout(r, 500));
  tmux.kill();
})();
