import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'winston';
import { getErrorMappers, getToolInterceptors } from '../metadata/tool-metadata';
import type { ToolDescriptor } from '../registry/tool-descriptor';
import type { ToolRegistry } from '../registry/tool-registry';
import { serializeResult } from '../output/result-serializer';
import { ABORT_SIGNAL, CALL_CONTEXT, ERROR_MAPPERS, PROGRESS, resolveAllTokens, token } from '../tokens';
import type { ClientLogLevel, ProgressReporter, ToolCallContext } from './call-context';
import { runChain } from './chain';
import type { ToolCall, ToolInterceptor } from './tool-interceptor';
import type { ToolHandler } from './tool-handler';
import type { ToolResult } from './tool-result';
import type { Class } from '../types';

/**
 * The tool dispatcher's token (batch tools re-enter the onion through it). It is declared beside
 * the class, not in tokens.ts, so that tokens.ts does not import the dispatcher that imports it.
 */
export const TOOL_DISPATCHER = token<ToolDispatcher>('tool-dispatcher');

/** Per-request facts the protocol layer (or a batch wrapper) supplies. */
export interface CallEnv {
  requestId: string | number | null;
  clientId: string | null;
  client?: { name?: string; version?: string };
  signal: AbortSignal;
  progress: ProgressReporter;
  notify(level: ClientLogLevel, message: string): Promise<void>;
  depth: number;
}

/**
 * Runs tool calls through the onion. The protocol adapter and the batch wrappers both call `call`,
 * so nested calls get validation, safety, audit and error conversion too
 * (docs/reference/tools.md#batch-wrappers).
 */
export class ToolDispatcher {
  constructor(
    private readonly container: DependencyContainer,
    private readonly registry: ToolRegistry,
    private readonly interceptors: readonly ToolInterceptor[],
    /** The logger a tool's context carries: a plugin's tools log under the plugin's name (docs/reference/protocol.md#logger-names). */
    private readonly loggerFor: (tool: string) => Logger,
  ) {}

  /** The advertised list: every interceptor's `onList` filter applied in order. */
  list(): ToolDescriptor[] {
    return this.interceptors.reduce((tools, i) => (i.onList ? i.onList(tools) : tools), this.registry.all());
  }

  /** A tool as visible at this server's tier (undefined if unknown or hidden). */
  visible(name: string): ToolDescriptor | undefined {
    return this.list().find((t) => t.name === name);
  }

  descriptor(name: string): ToolDescriptor | undefined {
    return this.registry.get(name);
  }

  /**
   * Builds every class a call builds — each tool class, its `@UseInterceptors` and
   * `@HandleErrors` classes, and the global `ERROR_MAPPERS` classes — in a call's container,
   * and returns one line per class that cannot be built (`--check`:
   * docs/reference/configuration.md#check). A plugin whose tsyringe is another copy than the
   * server's fails here (`TypeInfo not known for "X"`) instead of on every call.
   */
  unresolvable(): string[] {
    const problems: string[] = [];
    const env: CallEnv = {
      requestId: null,
      clientId: null,
      signal: new AbortController().signal,
      progress: { enabled: false, report: () => Promise.resolve() },
      notify: () => Promise.resolve(),
      depth: 0,
    };
    const build = (child: DependencyContainer, cls: Class, role: string) => {
      try {
        child.resolve(cls);
      } catch (err) {
        problems.push(
          `${role} ${cls.name} cannot be built: ${String((err as Error)?.message ?? err)
            .replace(/\s+/g, ' ')
            .trim()}`,
        );
      }
    };
    for (const m of resolveAllTokens(this.container, ERROR_MAPPERS)) build(this.container, m, 'error mapper (ERROR_MAPPERS)');
    for (const tool of this.registry.all()) {
      const { child } = this.callContainer(tool.name, env);
      build(child, tool.cls, `tool class (${tool.name})`);
      for (const c of getToolInterceptors(tool.cls)) build(child, c, `interceptor (@UseInterceptors of ${tool.name})`);
      for (const c of getErrorMappers(tool.cls)) build(child, c, `error mapper (@HandleErrors of ${tool.name})`);
    }
    return problems;
  }

  /**
   * The parent of every call's container: an empty child of the server's container, made at the
   * first call (the composition is over by then). tsyringe's createChildContainer walks every
   * registration of the container it is called on (to copy the container-scoped ones), ~250 here;
   * of this one, none. What a call resolves is unchanged: lookups go up the chain to the same
   * registrations, and a container-scoped one (copied into this one when it was made) is still
   * copied afresh into each call's container (docs/architecture.md#a-requests-path).
   */
  private callParent: DependencyContainer | undefined;

  /** A call's own container and context: what the tool, its interceptors and mappers are built in. */
  private callContainer(name: string, env: CallEnv): { child: DependencyContainer; ctx: ToolCallContext } {
    const child = (this.callParent ??= this.container.createChildContainer()).createChildContainer();
    const ctx: ToolCallContext = {
      toolName: name,
      requestId: env.requestId,
      clientId: env.clientId,
      client: env.client,
      signal: env.signal,
      progress: env.progress,
      logger: this.loggerFor(name),
      depth: env.depth,
      notify: (level, message) => env.notify(level, message),
      get: <T>(token: unknown) => child.resolve<T>(token as never),
    };
    child.register(CALL_CONTEXT, { useValue: ctx });
    child.register(ABORT_SIGNAL, { useValue: env.signal });
    child.register(PROGRESS, { useValue: env.progress });
    return { child, ctx };
  }

  /** Runs one call; `undefined` means no tool has this name (the caller answers -32602). */
  async call(name: string, args: Record<string, unknown>, env: CallEnv): Promise<ToolResult | undefined> {
    const tool = this.registry.get(name);
    const { child, ctx } = this.callContainer(name, env);
    if (!tool) {
      for (const i of this.interceptors) i.onUnknownTool?.(name, args, ctx);
      return undefined;
    }
    const call: ToolCall = { tool, args, ctx };
    const perTool = getToolInterceptors(tool.cls).map((c) => child.resolve(c) as ToolInterceptor);
    return runChain(this.interceptors, call, (c) =>
      runChain(perTool, c, async (inner) => {
        const handler = child.resolve(tool.cls) as ToolHandler;
        const value = await handler.execute(inner.input, ctx);
        return serializeResult(tool.meta.output, value);
      }),
    );
  }
}
