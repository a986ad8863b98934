/**
 * Build step (`npm run bundle`): writes dist/cli/initialize.json, what the launcher answers a
 * first `initialize` with besides the instructions (cli/initialize-front.ts), taken from a real
 * server's own answer and the SDK's protocol versions, so the two cannot drift
 * (docs/architecture.md#cold-start; test/e2e/initialize-front.test.ts compares them).
 */
import { writeFileSync } from 'node:fs';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import winston from 'winston';
import { createServer } from '../server/create-server';
import { FACTS_FILE, type InitializeFacts } from './initialize-front';

/**
 * The facts, from a server built with the default configuration and sent a raw `initialize` in
 * memory (the reply object as the server built it: members in the order it writes them).
 */
export async function initializeFacts(): Promise<InitializeFacts> {
  const app = await createServer({ argv: [], env: {}, logger: winston.createLogger({ silent: true }) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await app.connect(a);
  try {
    const reply = new Promise<Record<string, unknown>>((resolve) => (b.onmessage = (m) => resolve(m)));
    await b.start();
    await b.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'build', version: '0' } },
    });
    const result = (await reply).result as Record<string, Record<string, unknown>>;
    return {
      protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
      latestProtocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: result.capabilities,
      serverInfo: result.serverInfo,
    };
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  void initializeFacts().then((facts) => writeFileSync(FACTS_FILE, JSON.stringify(facts, null, 1) + '\n'));
}
