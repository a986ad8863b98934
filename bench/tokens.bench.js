'use strict';
// Context cost: what a model is shown of each server's tools (name, description and input schema
// as JSON), in o200k_base tokens, for this server at its default tier, with the `core` toolset,
// with a remote host configured, and for each peer built by hand in TMUX_MCP_PEERS_DIR (see
// bench/README.md). Not a timing: the numbers are exact and the same on every run of a build.
const { encode } = require('gpt-tokenizer/cjs/encoding/o200k_base');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { CLI, minimalEnv } = require('./lib');
const { findPeer, PEERS } = require('./peers.bench');

/** Tokens a model is shown of one tool (docs/reference/protocol.md#context-budget). */
const toolTokens = (t) => encode(JSON.stringify({ name: t.name, description: t.description ?? '', input_schema: t.inputSchema })).length;

async function measure(command, args, env, cwd) {
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'ignore' });
  const client = new Client({ name: 'bench-tokens', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const tokens = tools.reduce((n, t) => n + toolTokens(t), 0);
    return {
      tools: tools.length,
      tokens,
      perTool: Math.round(tokens / Math.max(1, tools.length)),
      bytes: JSON.stringify({ tools }).length,
    };
  } finally {
    await client.close();
  }
}

module.exports = async function tokens({ peersDir = process.env.TMUX_MCP_PEERS_DIR } = {}) {
  const rows = {};
  const ours = (extra) => measure(process.execPath, [CLI], minimalEnv(extra));
  rows['this server (default tier)'] = await ours({});
  rows['this server, TMUX_MCP_TOOLSETS=core'] = await ours({ TMUX_MCP_TOOLSETS: 'core' });
  rows['this server, one remote host configured'] = await ours({ TMUX_MCP_HOSTS: 'bench-host' });
  if (peersDir) {
    for (const name of Object.keys(PEERS)) {
      const peer = findPeer(peersDir, name);
      if (peer.missing) {
        process.stderr.write(`tokens: skipping ${name}: ${peer.missing}\n`);
        continue;
      }
      rows[`${name}/tmux-mcp ${peer.version} @${peer.commit}`] = await measure(process.execPath, [peer.entry], minimalEnv(), peer.root);
    }
  }
  for (const [name, r] of Object.entries(rows))
    process.stderr.write(`tokens: ${name}: ${r.tools} tools, ${r.tokens} tokens (${r.perTool}/tool), ${r.bytes} B\n`);
  return rows;
};

module.exports.toolTokens = toolTokens;
