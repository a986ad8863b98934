import 'reflect-metadata';
import { StdioLineTransport } from '../framework/protocol/stdio-line.transport';
import { LOGGER_FACTORY, resolveToken } from '../framework/tokens';
import { createServer } from '../server/create-server';
import { loadPlugins, type LoadedPlugin } from '../server/load-plugins';
import { VERSION } from '../server/version';
import { fail } from './cli-exit';
import { tuneOldGeneration } from './heap-flags';
import type { PreparedCli } from './cli-prepare';
import type { EarlyInitialize, Handover } from './initialize-front';
import type { Logger } from 'winston';

/**
 * The server half of the CLI: plugins, the server, signals and stdio (docs/reference/configuration.md#shutdown). Runs from
 * the bundle when there are no plugins, from the tsc output otherwise (see startup.ts).
 */
export async function runCli(prepared: PreparedCli, handover?: Handover): Promise<void> {
  try {
    await main(prepared, handover);
  } catch (err) {
    fail(`failed to start: ${(err as Error)?.message ?? String(err)}`, 1);
  }
}

async function main({ config, tmuxCheck }: PreparedCli, handover?: Handover): Promise<void> {
  // Relative paths from the working directory; package names from there, then from the
  // package's own directory (docs/reference/configuration.md#plugin-specifiers).
  const loaded = await loadPlugins(config.plugins, (message) => fail(message, 1));
  let app;
  try {
    app = await createServer({ resolved: config, plugins: loaded.map((l) => l.plugin) });
  } catch (err) {
    fail((err as Error).message, 1);
  }

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Never hang on shutdown: a bounded grace period, then exit anyway.
    const timer = setTimeout(() => process.exit(code), 1500);
    timer.unref();
    try {
      await app.close();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  handover?.releaseSignals();
  process.stdin.on('end', () => void stop(0));
  process.stdin.on('close', () => void stop(0));
  const log = resolveToken(app.container, LOGGER_FACTORY)('tmux_mcp');
  // Our own reader: 64 MiB lines, an over-long line answered and skipped
  // (docs/reference/protocol.md#request-size). Its errors are logged; its close (stdin ended or
  // failed, stdout failed) stops the server (docs/reference/configuration.md#shutdown).
  const transport = new StdioLineTransport(process.stdin, process.stdout, { preread: handover?.preread });
  if (handover?.early) dropEarlyReply(transport, handover.early, log);
  transport.onerror = (err) => log.warn(`stdio: ${err.message}`);
  transport.onclose = () => {
    if (!stopping) log.info('stdio closed: stopping');
    void stop(0);
  };
  await app.connect(transport);
  // The binary exists (checked before loading the server); whether it runs is known a few ms later.
  const tmuxError = await tmuxCheck();
  if (tmuxError) fail(tmuxError, 1);
  // A sign of life for whoever reads stderr (docs/reference/configuration.md#start-up).
  if (log.isLevelEnabled('info')) log.info(readyLine(app.config, loaded));
  // Once started (docs/architecture.md#memory).
  tuneOldGeneration();
}

/**
 * The launcher answered the first `initialize` already (cli/initialize-front.ts): the server
 * reads it again, for the client's name and capabilities, and its reply is not sent twice. A
 * reply that differs from the launcher's is a bug, logged (docs/architecture.md#cold-start).
 */
function dropEarlyReply(transport: StdioLineTransport, early: EarlyInitialize, log: Logger): void {
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    if (!('id' in message) || message.id !== early.id || 'method' in message) return send(message);
    transport.send = send;
    const again = JSON.stringify(message);
    if (again !== early.reply) log.warn(`initialize: the early reply differs from the server's: ${again}`);
    return Promise.resolve();
  };
}

/**
 * `tmux-mcp 0.1.0 ready: engine control, tier mutating, socket (tmux's default), hosts a, b, plugin
 * count-windows from /abs/dist/index.js`: each plugin by name and the file it was loaded from.
 */
export function readyLine(c: PreparedCli['config'], plugins: readonly LoadedPlugin[] = []): string {
  const socket = c.socketPath ? `socket path ${c.socketPath}` : `socket ${c.socketName ?? "(tmux's default)"}`;
  const hosts = c.hosts.length ? `, hosts ${c.hosts.join(', ')}` : '';
  const named = plugins.map((p) => `, plugin ${p.plugin.name} from ${p.file}`).join('');
  return `tmux-mcp ${VERSION} ready: engine ${c.engine}, tier ${c.safety}, ${socket}${hosts}${named}`;
}
