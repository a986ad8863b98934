#!/usr/bin/env node
/**
 * Entry point (`tmux-mcp`, `npm start`): a small launcher in front of the server.
 *
 * 1. cli/cli-prepare: flags and environment to config, `--help`/`--version`, and `tmux -V`
 *    started in the background — all without loading the server code.
 * 2. Without plugins or audit log: cli/initialize-front holds stdin and answers a plain first
 *    `initialize` from build-time facts before any server code loads
 *    (docs/architecture.md#cold-start).
 * 3. The server half (cli/run-server), loaded by cli/startup: from the esbuild bundle when no
 *    plugin is configured, else from the tsc output (cold start, bench 5; why, in startup.ts).
 *    Or, with `--check`, the report of cli/run-check, which prints what server/check/ found.
 */
import { tuneYoungGeneration } from './cli/heap-flags';
// First, before the rest of the CLI and the server load (docs/architecture.md#memory).
tuneYoungGeneration();
import { fail } from './cli/cli-exit';
import { prepareCli } from './cli/cli-prepare';
import { loadFacts, startFront } from './cli/initialize-front';
import { loadServer } from './cli/startup';

function start(): void {
  const prepared = prepareCli(process.argv.slice(2), process.env);
  if (!prepared) return;
  // --check (docs/reference/configuration.md#check) is for people, not start-up speed: plain tsc output.
  if (prepared.check) void import('./cli/run-check.js').then((m) => m.runCheck(prepared));
  else if (prepared.config.plugins.length > 0) void loadServer(true).runCli(prepared);
  else {
    // Plugins may add capabilities, and an audit log that cannot be opened must fail the start
    // before any reply: both start the server first, as does a build without the facts file.
    const facts = prepared.config.auditLog ? null : loadFacts();
    if (!facts) void loadServer(false).runCli(prepared);
    else startFront(prepared, facts, (handover) => void loadServer(false).runCli(prepared, handover));
  }
}

try {
  start();
} catch (err) {
  fail(`failed to start: ${(err as Error)?.message ?? String(err)}`, 1);
}
