import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { encode } = require('gpt-tokenizer/cjs/encoding/o200k_base') as { encode: (text: string) => number[] };
import winston from 'winston';
import { createServer } from '../../src/server/create-server';
import { TOOLSETS } from '../../src/tools/toolsets';

/**
 * What a model is shown of the tools costs at most the budget of
 * docs/reference/protocol.md#context-budget: name, description and input schema as JSON,
 * o200k_base tokens, at the default tier. The numbers are in the test names.
 */

const CORE = TOOLSETS.core;

interface Listed {
  name: string;
  description?: string;
  inputSchema: unknown;
}

const cost = (t: Listed): number =>
  encode(JSON.stringify({ name: t.name, description: t.description, input_schema: t.inputSchema })).length;

async function withClient<T>(hosts: string[], use: (c: Client) => Promise<T>): Promise<T> {
  const app = await createServer({
    config: { hosts, socketName: 'tmux-mcp-test-token-budget' },
    logger: winston.createLogger({ silent: true }),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await app.connect(a);
  const client = new Client({ name: 'token-budget', version: '0' });
  await client.connect(b);
  try {
    return await use(client);
  } finally {
    await client.close();
    await app.close();
  }
}

const listTools = (hosts: string[]): Promise<Listed[]> => withClient(hosts, async (c) => (await c.listTools()).tools);

const sum = (tools: Listed[]): number => tools.reduce((n, t) => n + cost(t), 0);

describe('model-visible tokens of tools/list (o200k_base)', () => {
  let plain: Listed[];
  let withHosts: Listed[];
  beforeAll(async () => {
    plain = await listTools([]);
    withHosts = await listTools(['user@build-host']);
  });

  // Jest names its tests before beforeAll runs: a failure prints the measured number.
  it('the default tier without hosts costs at most 8,000 tokens, and lists neither host nor list_hosts', () => {
    expect(sum(plain)).toBeLessThanOrEqual(8_000);
    expect(plain.map((t) => t.name)).not.toContain('list_hosts');
    expect(plain.filter((t) => JSON.stringify(t.inputSchema).includes('"host"')).map((t) => t.name)).toEqual([]);
  });

  it('the core toolset costs at most 2,600 tokens', () => {
    const core = plain.filter((t) => CORE.includes(t.name));
    expect(core.map((t) => t.name).sort()).toEqual([...CORE].sort());
    expect(sum(core)).toBeLessThanOrEqual(2_600);
  });

  it('with hosts configured, host and list_hosts add at most 800 tokens (≤ 10,800)', () => {
    expect(withHosts.length).toBe(plain.length + 1);
    expect(withHosts.map((t) => t.name)).toContain('list_hosts');
    expect(sum(withHosts)).toBeLessThanOrEqual(10_800);
  });
});

describe('host exists only when hosts are configured (docs/reference/protocol.md#features)', () => {
  it('without hosts, a call with host is refused as an unknown argument before any tmux runs', async () => {
    const r = await withClient([], (c) => c.callTool({ name: 'list_sessions', arguments: { host: null } }));
    const text = (r.content as { type: string; text: string }[])[0].text;
    expect(r.isError).toBe(true);
    expect(text).toContain('host\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(text).toContain('Remove or correct the unrecognized argument(s): host.');
  });

  it('without hosts, list_hosts is an unknown tool', async () => {
    await expect(withClient([], (c) => c.callTool({ name: 'list_hosts', arguments: {} }))).rejects.toThrow("Unknown tool: 'list_hosts'");
  });
});
