import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { advertisedTags } from '../metadata/tool-metadata';
import { type CallToolRequest, CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Logger } from 'winston';
import type { ClientLogLevel } from '../pipeline/call-context';
import { RateLimitedProgress } from '../pipeline/progress-reporter';
import type { ToolDispatcher } from '../pipeline/tool-dispatcher';
import type { ToolDescriptor } from '../registry/tool-descriptor';
import { safeText } from '../validation/safe-repr';
import { INVALID_PARAMS, JsonRpcError } from './json-rpc-error';
import { RawArgumentsTap } from './raw-arguments.tap';

export interface McpServerOptions {
  name: string;
  version: string;
  instructions?: string;
  dispatcher: ToolDispatcher;
  logger: Logger;
  /**
   * Logger for `Request <method> completed in X.XXms` of the requests that are not tool calls
   * (docs/reference/protocol.md#timing-logs: every request is timed; tool calls are timed by the
   * onion's Timing layer).
   */
  timingLogger?: Logger;
  /** Extra capability/handler installers (resources, prompts, completions). */
  extensions?: ((server: Server) => Record<string, unknown>)[];
}

/** The `tools/list` entry of one tool. Tags and alwaysLoad go to `_meta` (docs/reference/protocol.md#tool-metadata). */
export function toolListEntry(d: ToolDescriptor): Record<string, unknown> {
  const { title, ...hints } = d.meta.annotations;
  const meta: Record<string, unknown> = { 'tmux-mcp/tags': advertisedTags(d.meta) };
  if (d.meta.alwaysLoad) meta['anthropic/alwaysLoad'] = true;
  return {
    name: d.name,
    title,
    description: d.meta.description,
    inputSchema: d.inputSchema,
    outputSchema: d.outputSchema,
    annotations: { title, ...hints },
    _meta: meta,
  };
}

/**
 * The SDK Server validates only elicitation replies with it, and this server elicits only when
 * TMUX_MCP_CONFIRM is on (docs/reference/safety.md#confirmation). Its default builds an Ajv instance (with formats) in the constructor: a cold-start cost for
 * nothing (bench 5). The same validator, created on first use.
 */
function lazyValidator(): jsonSchemaValidator {
  let real: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (real ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

type AnyHandler = (request: { method: string }, extra: unknown) => unknown;

/**
 * The SDK server, with every transport it connects to passing through the arguments tap, and
 * every non-tool request handler timed (resources/read, prompts/get, tools/list, initialize …).
 */
class TappedServer extends Server {
  readonly rawArguments = new RawArgumentsTap();
  /** Set after construction; the SDK registers its own handlers inside the constructor. */
  timingLog?: Logger;

  override connect(transport: Transport): Promise<void> {
    return super.connect(this.rawArguments.wrap(transport));
  }

  override setRequestHandler(...args: Parameters<Server['setRequestHandler']>): void {
    const [schema, handler] = args;
    const inner = handler as unknown as AnyHandler;
    // tools/call goes to the protocol's own registration, which parses the request once: the
    // low-level Server's would parse it a second time and then re-parse (and copy) every result
    // with zod, ~10 % of a call's own time, for results that serializeResult and the error layer
    // build to the schema already (docs/architecture.md#a-requests-path). Tasks are not offered.
    if (schema === CallToolRequestSchema) {
      Protocol.prototype.setRequestHandler.call(this, schema as never, inner as never);
      return;
    }
    const timed: AnyHandler = (request, extra) => this.timed(request.method, () => inner(request, extra));
    super.setRequestHandler(schema, timed as never);
  }

  private async timed(method: string, run: () => unknown): Promise<unknown> {
    const log = this.timingLog;
    // Level checked first, as in the Timing interceptor: with info off a request pays nothing.
    if (!log || !log.isLevelEnabled('info')) return run();
    const t0 = performance.now();
    try {
      const r = await run();
      log.info(`Request ${method} completed in ${(performance.now() - t0).toFixed(2)}ms`);
      return r;
    } catch (err) {
      log.info(
        `Request ${method} failed after ${(performance.now() - t0).toFixed(2)}ms: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw err;
    }
  }
}

/**
 * The only place that builds the SDK server: the low-level `Server`, so schemas are our own JSON
 * Schema (docs/reference/protocol.md#conventions-at-a-glance) and an unknown tool is a JSON-RPC
 * -32602 error, not an isError result (docs/reference/protocol.md#unknown-tool).
 */
export function buildMcpServer(opts: McpServerOptions): Server {
  const capabilities: Record<string, unknown> = { tools: { listChanged: false }, logging: {} };
  const server = new TappedServer(
    { name: opts.name, version: opts.version },
    { capabilities, instructions: opts.instructions, jsonSchemaValidator: lazyValidator() },
  );
  server.timingLog = opts.timingLogger;
  for (const ext of opts.extensions ?? []) Object.assign(capabilities, ext(server));
  server.registerCapabilities(capabilities);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: opts.dispatcher.list().map(toolListEntry) as never,
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest, extra) => {
    const { name } = request.params;
    const args = server.rawArguments.restore(extra.requestId, request.params.arguments ?? {});
    const meta = request.params._meta;
    const token = meta?.progressToken;
    const progress = new RateLimitedProgress(
      token === undefined
        ? undefined
        : (progress, total, message) =>
            extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress, total, message },
            }),
    );
    const result = await opts.dispatcher.call(name, args, {
      requestId: extra.requestId ?? null,
      clientId: typeof meta?.client_id === 'string' ? meta.client_id : null,
      client: server.getClientVersion(),
      signal: extra.signal,
      progress,
      depth: 0,
      notify: async (level: ClientLogLevel, message: string) => {
        try {
          await server.sendLoggingMessage({ level, logger: 'tmux_mcp', data: message });
        } catch (err) {
          opts.logger.debug(`could not send a log notification: ${(err as Error).message}`);
        }
      },
    });
    if (!result) throw new JsonRpcError(INVALID_PARAMS, `Unknown tool: '${safeText(name, 64)}'`);
    return result;
  });
  return server;
}
