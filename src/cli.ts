#!/usr/bin/env node
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, HELP_TEXT, parseArgs, resolveConfig, UsageError } from './config/config.parser';
import { loadPlugin } from './framework/plugins/plugin-loader';
import { createServer } from './server/create-server';
import { VERSION } from './server/version';

function fail(message: string, code: number): never {
  process.stderr.write(`tmux-mcp: ${message}\n`);
  process.exit(code);
}

/** B7: the configured binary must run; a missing one is one clear line and exit 1. */
function checkTmux(bin: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(bin, ['-V'], { timeout: 5000 }, (err) =>
      err ? reject(new Error(`tmux binary not found or not runnable (${bin}): ${(err as NodeJS.ErrnoException).code ?? err.message}`)) : resolve(),
    ),
  );
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    fail(`${(err as Error).message} (see --help)`, 2);
  }
  if (args.help) {
    process.stdout.write(HELP_TEXT);
    return;
  }
  if (args.version) {
    process.stdout.write(`tmux-mcp ${VERSION}\n`);
    return;
  }
  let config;
  try {
    config = resolveConfig(args, process.env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError) fail(err.message, 1);
    throw err;
  }
  try {
    await checkTmux(config.tmuxBin);
  } catch (err) {
    fail((err as Error).message, 1);
  }
  const plugins = [];
  for (const spec of config.plugins) {
    try {
      plugins.push(await loadPlugin(spec, __dirname));
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
}

main().catch((err) => fail(`failed to start: ${(err as Error)?.message ?? String(err)}`, 1));
