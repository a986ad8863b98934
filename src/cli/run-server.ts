import 'reflect-metadata';
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadPlugin } from '../framework/plugins/plugin-loader';
import { createServer } from '../server/create-server';
import { fail } from './cli-exit';
import type { PreparedCli } from './cli-prepare';

/**
 * The server half of the CLI: plugins, the server, signals and stdio (docs/reference/configuration.md#shutdown). Runs from
 * the bundle when there are no plugins, from the tsc output otherwise (see startup.ts).
 */
export async function runCli(prepared: PreparedCli): Promise<void> {
  try {
    await main(prepared);
  } catch (err) {
    fail(`failed to start: ${(err as Error)?.message ?? String(err)}`, 1);
  }
}

async function main({ config, tmuxCheck }: PreparedCli): Promise<void> {
  const plugins = [];
  for (const spec of config.plugins) {
    try {
      // The server's own directory is dist/ (where cli.js lives), as before the split.
      plugins.push(await loadPlugin(spec, join(__dirname, '..')));
    } catch (err) {
      fail((err as Error).message, 1);
    }
  }
  let app;
  try {
    app = await createServer({ config, plugins });
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
  process.stdin.on('end', () => void stop(0));
  process.stdin.on('close', () => void stop(0));
  await app.connect(new StdioServerTransport());
  // The binary exists (checked before loading the server); whether it runs is known a few ms later.
  const tmuxError = await tmuxCheck();
  if (tmuxError) fail(tmuxError, 1);
}
