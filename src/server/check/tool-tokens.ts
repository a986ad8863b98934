import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { TmuxMcpServer } from '../create-server';

/** What a model is shown of one tool (docs/reference/configuration.md#check): its name, description and input schema. */
export interface ListedTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
}

type Counter = (text: string) => number;
let counter: Promise<Counter> | undefined;

/**
 * The tokenizer, loaded on first use: only `--check` counts tokens, and the server never loads it
 * (docs/reference/configuration.md#check). Special-token texts count as plain text.
 */
function tokenizer(): Promise<Counter> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then(
    (m) => (text: string) => m.countTokens(text, { disallowedSpecial: new Set() }),
  );
  return counter;
}

/**
 * The model-visible tokens of one `tools/list` entry: `{name, description, input_schema}` as JSON,
 * o200k_base (docs/reference/configuration.md#check), the measure of the README's context cost.
 */
export async function modelVisibleTokens(tool: ListedTool): Promise<number> {
  const count = await tokenizer();
  return count(JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
}

/** The `tools/list` answer of a built server, asked by an in-memory client exactly as a client would see it. */
export async function listedTools(app: TmuxMcpServer): Promise<ListedTool[]> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'tmux-mcp --check', version: '0' });
  await Promise.all([app.connect(serverSide), client.connect(clientSide)]);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}
