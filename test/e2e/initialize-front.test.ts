import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import winston from 'winston';
import { earlyInitialize, type InitializeFacts } from '../../src/cli/initialize-front';
import { initializeFacts } from '../../src/cli/write-initialize-facts';
import { parseArgs, resolveConfig } from '../../src/config/config.parser';
import { createServer } from '../../src/server/create-server';
import { CLI, minimalEnv, RawServer } from '../helpers/cli-process';

/**
 * The launcher answers a plain first `initialize` before the server code loads
 * (docs/architecture.md#cold-start). Its answer must be the server's own, byte for byte: the facts
 * written at build time equal a fresh server's, and the spawned CLI's reply equals the reply an
 * in-process server gives to the same request, for every configuration that changes it.
 */
const FACTS_FILE = join(CLI, '..', 'cli', 'initialize.json');
const socket = `tmux-mcp-front-${process.pid}`;

/** The reply line of an in-process server (same configuration) to `request`, as the stdio transport writes it. */
async function serverReply(request: Record<string, unknown>, env: NodeJS.ProcessEnv, argv: string[]): Promise<string> {
  const app = await createServer({ argv, env, logger: winston.createLogger({ silent: true }) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await app.connect(a);
  try {
    const reply = new Promise<unknown>((resolve) => (b.onmessage = resolve));
    await b.start();
    await b.send(request as never);
    return JSON.stringify(await reply);
  } finally {
    await app.close();
  }
}

/** Spawns the CLI, writes `line`, returns its first stdout line and the server once tools/list answered. */
async function firstReply(line: string, env: NodeJS.ProcessEnv, argv: string[]): Promise<{ reply: string; s: RawServer }> {
  const s = new RawServer(argv, env);
  s.proc.stdin.write(line + '\n');
  const reply = await new Promise<string>((resolve) => {
    const poll = () => (s.stdoutLines.length ? resolve(s.stdoutLines[0]) : s.proc.stdout.once('data', () => setImmediate(poll)));
    poll();
  });
  return { reply, s };
}

const initialize = (protocolVersion: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'initialize',
  params: { protocolVersion, capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'front-e2e', version: '1' }, ...extra },
});

describe('initialize answered by the launcher (docs/architecture.md#cold-start)', () => {
  it('the build-time facts equal what a server built now answers', async () => {
    const built = JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as InitializeFacts;
    expect(built).toEqual(await initializeFacts());
  });

  const configs: [string, NodeJS.ProcessEnv][] = [
    ['default', {}],
    ['readonly tier', { TMUX_MCP_SAFETY: 'readonly' }],
    ['inside a tmux pane', { TMUX_PANE: '%3', TMUX: '/tmp/tmux-1/front,1,0', TMUX_MCP_SUPPRESS_HISTORY: '1' }],
  ];
  it.each(configs)('the CLI replies as the server does, byte for byte: %s', async (_name, extra) => {
    const env = minimalEnv(extra);
    const argv = ['--socket-name', socket];
    for (const version of ['2025-06-18', '2024-11-05', '1999-01-01']) {
      const request = initialize(version);
      const { reply, s } = await firstReply(JSON.stringify(request), env, argv);
      expect(reply).toBe(await serverReply(request, env, argv));
      // The server took over: it serves the next request and dropped its own initialize reply.
      const list = (await s.request('tools/list')) as { id: number; result: { tools: unknown[] } };
      expect(list.result.tools.length).toBeGreaterThan(0);
      s.proc.stdin.end();
      expect(await s.exited).toBe(0);
      expect(s.stdoutLines.filter((l) => l.includes('"id":7'))).toHaveLength(1);
      expect(s.stderr).not.toContain('differs');
    }
  });

  it('anything but a plain initialize first is left to the server, which answers it once', async () => {
    const env = minimalEnv();
    const argv = ['--socket-name', socket];
    const withMeta = initialize('2025-06-18', { _meta: { progressToken: 1 } });
    const { reply, s } = await firstReply(JSON.stringify(withMeta), env, argv);
    expect(reply).toBe(await serverReply(withMeta, env, argv));
    s.proc.stdin.end();
    expect(await s.exited).toBe(0);
    expect(s.stdoutLines.filter((l) => l.trim())).toHaveLength(1);

    const ping = await firstReply(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }), env, argv);
    expect(JSON.parse(ping.reply)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    ping.s.proc.stdin.end();
    expect(await ping.s.exited).toBe(0);
  });

  it('earlyInitialize takes only the plain shape', () => {
    const facts = JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as InitializeFacts;
    const config = resolveConfig(parseArgs([]), {});
    const plain = initialize('2025-06-18');
    expect(earlyInitialize(JSON.stringify(plain), facts, config)).not.toBeNull();
    const odd: unknown[] = [
      'not json',
      { ...plain, jsonrpc: '1.0' },
      { ...plain, id: null },
      { ...plain, id: 1.5 },
      { ...plain, extra: 1 },
      { ...plain, method: 'ping' },
      { ...plain, params: { ...plain.params, capabilities: { roots: 'yes' } } },
      { ...plain, params: { ...plain.params, clientInfo: { name: 'x' } } },
      { ...plain, params: { ...plain.params, protocolVersion: 1 } },
    ];
    for (const o of odd) expect(earlyInitialize(typeof o === 'string' ? o : JSON.stringify(o), facts, config)).toBeNull();
  });
});
