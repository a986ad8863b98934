import 'reflect-metadata';
import Ajv from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type ClientCapabilities, type ElicitRequest, ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { Writable } from 'node:stream';
import winston from 'winston';
import type { ServerConfig } from '../../src/config/server-config';
import type { McpPlugin } from '../../src/framework/plugins/plugin';
import { createServer, TmuxMcpServer } from '../../src/server/create-server';

export interface CallResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

export interface HarnessOptions {
  socket?: string;
  config?: Partial<ServerConfig>;
  plugins?: McpPlugin[];
  env?: NodeJS.ProcessEnv;
  clientName?: string;
  /** Captures log lines instead of writing them to stderr. */
  logs?: string[];
  /** The client's capabilities (default none). */
  capabilities?: ClientCapabilities;
  /** The client's `elicitation/create` handler (declare `elicitation` in `capabilities` too, or not, as the test needs). */
  onElicit?: (request: ElicitRequest, extra: { signal: AbortSignal }) => Promise<ElicitResult>;
}

const ajv = new Ajv({ strict: false, allErrors: true });

/**
 * An in-process server talking to the real SDK Client over InMemoryTransport. Every successful
 * result is validated against the tool's advertised outputSchema with ajv (docs/reference/protocol.md#output-schemas).
 */
export class McpHarness {
  app!: TmuxMcpServer;
  client!: Client;
  private schemas = new Map<string, ReturnType<typeof ajv.compile>>();

  static async start(opts: HarnessOptions = {}): Promise<McpHarness> {
    const h = new McpHarness();
    const logs = opts.logs ?? [];
    const logger = winston.createLogger({
      level: 'debug',
      transports: [
        new winston.transports.Stream({
          stream: new Writable({
            write(chunk: Buffer, _enc: string, cb: () => void) {
              logs.push(chunk.toString());
              cb();
            },
          }),
          format: winston.format.printf((i) => `${i.level} ${typeof i.logger === 'string' ? i.logger : ''}: ${String(i.message)}`),
        }),
      ],
    });
    h.app = await createServer({
      env: { ...process.env, ...(opts.env ?? {}) },
      config: { ...(opts.socket ? { socketName: opts.socket } : {}), ...(opts.config ?? {}) },
      plugins: opts.plugins,
      logger,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    h.client = new Client({ name: opts.clientName ?? 'jest-client', version: '1.0.0' }, { capabilities: opts.capabilities ?? {} });
    if (opts.onElicit) h.client.setRequestHandler(ElicitRequestSchema, (req, extra) => opts.onElicit!(req, extra));
    await Promise.all([h.app.connect(a), h.client.connect(b)]);
    const { tools } = await h.client.listTools();
    for (const t of tools) if (t.outputSchema) h.schemas.set(t.name, ajv.compile(t.outputSchema));
    return h;
  }

  /** Calls a tool; successful results must match the advertised outputSchema. */
  async call(
    name: string,
    args: Record<string, unknown> = {},
    extra: { signal?: AbortSignal; onprogress?: (p: unknown) => void } = {},
  ): Promise<CallResult> {
    const r = (await this.client.callTool({ name, arguments: args }, undefined, {
      signal: extra.signal,
      onprogress: extra.onprogress as never,
      timeout: 120_000,
    })) as CallResult;
    if (!r.isError) {
      const v = this.schemas.get(name);
      if (v && !v(r.structuredContent)) throw new Error(`${name} result does not match its outputSchema: ${ajv.errorsText(v.errors)}`);
      if (r._meta !== undefined)
        throw new Error(`${name}: successful results carry no _meta (docs/reference/protocol.md#no-framework-artifacts)`);
    }
    return r;
  }

  /** Calls a tool and returns structuredContent, failing on isError. */
  async ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const r = await this.call(name, args);
    if (r.isError) throw new Error(`${name} failed: ${r.content[0]?.text}`);
    return r.structuredContent as T;
  }

  /** Calls a tool expecting an isError result; returns its text. */
  async err(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; meta: Record<string, unknown> }> {
    const r = await this.call(name, args);
    if (!r.isError) throw new Error(`${name} unexpectedly succeeded: ${JSON.stringify(r.structuredContent)}`);
    return { text: r.content[0]?.text ?? '', meta: r._meta ?? {} };
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
    await this.app.close();
  }
}
