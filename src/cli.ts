#!/usr/bin/env node
/**
 * Entry point (`tmux-mcp`, `npm start`): a small launcher in front of the server.
 *
 * 1. cli/cli-prepare: flags and environment to config, `--help`/`--version`, and `tmux -V`
 *    started in the background — all without loading the server code.
 * 2. The server half (cli/run-server), loaded by cli/startup: from the esbuild bundle when no
 *    plugin is configured, else from the tsc output (cold start, bench 5; why, in startup.ts).
 *    Or, with `--check`, the report of cli/run-check.
 */
import { fail } from './cli/cli-exit';
import { prepareCli } from './cli/cli-prepare';
import { loadServer } from './cli/startup';

function start(): void {
  const prepared = prepareCli(process.argv.slice(2), process.env);
  if (!prepared) return;
  // --check (docs/reference/configuration.md#check) is for people, not start-up speed: plain tsc output.
  if (prepared.check) void import('./cli/run-check.js').then((m) => m.runCheck(prepared));
  else void loadServer(prepared.config.plugins.length > 0).runCli(prepared);
}

try {
  start();
} catch (err) {
  fail(`failed to start: ${(err as Error)?.message ?? String(err)}`, 1);
}
