import 'reflect-metadata';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { container as rootContainer, DependencyContainer } from 'tsyringe';
import type winston from 'winston';
import { parseArgs, resolveConfig } from '../config/config.parser';
import { SERVER_CONFIG, ServerConfig, SUPPRESS_HISTORY_DEFAULT } from '../config/server-config';
import { CONTAINER } from '../framework/tokens';
import { createRootLogger, flushLogger, loggerFactoryFor, LoggerFactory } from '../framework/logging/logger.factory';
import { createPluginApi, pluginLoggerName, type McpPlugin } from '../framework/plugins/plugin';
import { sortInterceptors } from '../framework/pipeline/chain';
import { TOOL_DISPATCHER, ToolDispatcher } from '../framework/pipeline/tool-dispatcher';
import { ELICITOR } from '../framework/confirm/confirm';
import { ServerElicitor } from '../framework/protocol/elicitor';
import { buildMcpServer } from '../framework/protocol/mcp-server.adapter';
import { protocolExtensions } from '../framework/protocol/protocol-extensions';
import { ToolRegistry } from '../framework/registry/tool-registry';
import {
  ERROR_MAPPERS,
  INTERCEPTORS,
  LOGGER_FACTORY,
  PROMPTS,
  RESOURCES,
  resolveAllTokens,
  SHUTDOWN_HOOKS,
  ENABLED_FEATURES,
} from '../framework/tokens';
import { ENGINE_FACTORY, PROCESS_RUNNER, TmuxServerPool } from '../services/tmux-server-pool.service';
import { createEngineFactory } from '../tmux/engine.factory';
import { ProcessRunner } from '../tmux/process-runner';
import { HOSTS_FEATURE } from '../tools/common/common-params';
import { checkToolsetNames } from '../tools/toolset-names';
import { corePlugin } from './core.plugin';
import { buildInstructions } from './instructions';

import { VERSION } from './version';

export interface CreateServerOptions {
  /** Command-line style flags (as the CLI would get them). */
  argv?: readonly string[];
  /** Environment to read configuration from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Overrides applied after flags and environment. */
  config?: Partial<ServerConfig>;
  /**
   * A configuration already resolved from flags and environment (the CLI's), used as it is:
   * resolving the environment again without the flags would reject values the flags replaced.
   */
  resolved?: ServerConfig;
  /** Plugin objects to register after the core plugin (module loading is the CLI's job). */
  plugins?: McpPlugin[];
  /** A winston logger to use instead of a new stderr logger. */
  logger?: winston.Logger;
  /**
   * Told what each plugin (the core plugin first) added, for `--check`
   * (docs/reference/configuration.md#check). Costs a resolve of every multi-token per plugin.
   */
  onPlugin?: (name: string, added: PluginAdditions) => void;
}

/** What one plugin registered. */
export interface PluginAdditions {
  readonly tools: readonly string[];
  readonly interceptors: number;
  readonly errorMappers: number;
  readonly resources: number;
  readonly prompts: number;
}

/** A built server, ready to connect to a transport. */
export interface TmuxMcpServer {
  readonly server: Server;
  readonly container: DependencyContainer;
  readonly dispatcher: ToolDispatcher;
  readonly config: ServerConfig;
  readonly instructions: string;
  connect(transport: Transport): Promise<void>;
  /** Graceful shutdown: shutdown hooks (buffer GC …), engines closed, logs flushed. */
  close(): Promise<void>;
}

/**
 * Builds a server: config, one DI container per server, core plugin then user plugins,
 * interceptor onion, tool registry and the SDK adapter. Used by the CLI and by embedders.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<TmuxMcpServer> {
  const config: ServerConfig = options.resolved ?? {
    ...resolveConfig(parseArgs(options.argv ?? []), options.env ?? process.env),
    ...options.config,
  };
  // An unknown toolset fails the start before anything is built (docs/reference/configuration.md#toolsets).
  checkToolsetNames(config);
  const root = options.logger ?? createRootLogger(config.logLevel);
  const loggers: LoggerFactory = loggerFactoryFor(root);
  const log = loggers('tmux_mcp');
  for (const w of config.warnings) log.warn(w);

  const container = rootContainer.createChildContainer();
  container.register(CONTAINER, { useValue: container });
  container.register(SERVER_CONFIG, { useValue: config });
  container.register(SUPPRESS_HISTORY_DEFAULT, { useValue: config.suppressHistory });
  container.register(LOGGER_FACTORY, { useValue: loggers });
  // `host` and list_hosts exist only when remote hosts are configured (docs/reference/protocol.md#features).
  container.register(ENABLED_FEATURES, { useValue: new Set(config.hosts.length ? [HOSTS_FEATURE] : []) });
  // Every tmux and ssh process starts here (docs/reference/engine.md#processes), within the command
  // deadline; remote hosts share one ssh connection each, closed at shutdown.
  const runner = new ProcessRunner({
    commandTimeoutMs: config.commandTimeout * 1000,
    ssh: {
      sshBin: config.sshBin,
      configFile: config.sshConfig,
      connectTimeoutSeconds: config.sshConnectTimeout,
      remoteTmuxBin: config.remoteTmuxBin,
    },
  });
  container.register(PROCESS_RUNNER, { useValue: runner });
  container.register(ENGINE_FACTORY, { useValue: createEngineFactory(config.engine, loggers, runner) });

  // Which plugin added each tool: its calls log under that plugin's name.
  const ownerOf = new Map<string, string>();
  let registry: ToolRegistry | undefined;
  const counts = () => ({
    tools: registry?.all().map((d) => d.name) ?? [],
    interceptors: resolveAllTokens(container, INTERCEPTORS).length,
    errorMappers: resolveAllTokens(container, ERROR_MAPPERS).length,
    resources: resolveAllTokens(container, RESOURCES).length,
    prompts: resolveAllTokens(container, PROMPTS).length,
  });
  for (const plugin of [corePlugin, ...(options.plugins ?? [])]) {
    const before = options.onPlugin ? counts() : null;
    const core = plugin === corePlugin;
    try {
      await plugin.register(container, createPluginApi(loggers(core ? 'tmux_mcp.tools' : pluginLoggerName(plugin.name))));
      // Re-discover after each plugin so a bad or duplicate tool is blamed on the plugin that added it.
      registry = new ToolRegistry(container);
    } catch (err) {
      throw new PluginError(plugin.name, err);
    }
    // The core's tools are '' (they log as tmux_mcp.tools); a plugin owns the names it added.
    for (const t of registry.all()) if (!ownerOf.has(t.name)) ownerOf.set(t.name, core ? '' : plugin.name);
    if (before && options.onPlugin) {
      const after = counts();
      options.onPlugin(plugin.name, {
        tools: after.tools.filter((t) => !before.tools.includes(t)),
        interceptors: after.interceptors - before.interceptors,
        errorMappers: after.errorMappers - before.errorMappers,
        resources: after.resources - before.resources,
        prompts: after.prompts - before.prompts,
      });
    }
  }
  if (!registry) registry = new ToolRegistry(container);
  const interceptors = sortInterceptors(resolveAllTokens(container, INTERCEPTORS));
  // Asked first: winston formats a record before dropping it by level (the first one, here at
  // start-up, ~0.8 ms).
  if (log.isLevelEnabled('debug'))
    log.debug(`interceptor order: ${interceptors.map((i) => `${i.order}:${i.constructor.name}`).join(' > ')}`);
  const toolsLog = loggers('tmux_mcp.tools');
  const dispatcher = new ToolDispatcher(container, registry, interceptors, (tool) => {
    const owner = ownerOf.get(tool);
    return owner ? loggers(pluginLoggerName(owner)) : toolsLog;
  });
  container.register(TOOL_DISPATCHER, { useValue: dispatcher });

  const instructions = buildInstructions(config);
  const extensions = protocolExtensions(container, log); // resources, prompts, completions
  const server = buildMcpServer({
    name: 'tmux',
    version: VERSION,
    instructions,
    dispatcher,
    logger: log,
    timingLogger: loggers('tmux_mcp.timing'),
    extensions,
  });

  // How the confirmation layer asks the person at the client (docs/reference/safety.md#confirmation).
  container.register(ELICITOR, { useValue: new ServerElicitor(server) });

  let closed = false;
  return {
    server,
    container,
    dispatcher,
    config,
    instructions,
    connect: (transport) => server.connect(transport),
    async close() {
      if (closed) return;
      closed = true;
      const hooks = resolveAllTokens(container, SHUTDOWN_HOOKS);
      for (const h of hooks) {
        try {
          await h();
        } catch (err) {
          log.warn(`shutdown hook failed: ${(err as Error).message}`);
        }
      }
      await container.resolve(TmuxServerPool).closeAll();
      await runner.closeAll();
      await server.close().catch(() => undefined);
      if (!options.logger) await flushLogger(root);
    },
  };
}

/** A plugin failed while registering; the CLI prints one line naming it. */
export class PluginError extends Error {
  constructor(
    readonly pluginName: string,
    readonly reason: unknown,
  ) {
    super(`plugin '${pluginName}' failed to register: ${(reason as Error)?.message ?? String(reason)}`);
  }
}
