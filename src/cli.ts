#!/usr/bin/env node
/**
 * Entry point (`tmux-mcp`, `npm start`): a small launcher in front of the server.
 *
 * 1. cli/cli-prepare: flags and environment to config, `--help`/`--version`, and `tmux -V`
 *    started in the background — all without loading the server code.
 * 2. The server half (cli/run-server) from the esbuild bundle with a V8 code cache when no
 *    plugin is configured (cold start, bench 5), else from the tsc output. Why plugins get
 *    the tsc output: a plugin imports classes from `tmux-mcp-ts` (dist/index.js) and injects
 *    them by class (e.g. TmuxServerPool); a bundled server would hold other copies of those
 *    classes, and tsyringe would build a second, unregistered pool. With the tsc output the
 *    plugin and the server share one module graph, so SPEC C33 holds unchanged.
 */
import { loadServerBundle } from './cli/bundle-loader';
import { fail } from './cli/cli-exit';
import { prepareCli } from './cli/cli-prepare';

function start(): void {
  const prepared = prepareCli(process.argv.slice(2), process.env);
  if (!prepared) return;
  const server =
    (prepared.config.plugins.length === 0 ? loadServerBundle() : null) ??
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./cli/run-server') as typeof import('./cli/run-server'));
  void server.runCli(prepared);
}

try {
  start();
} catch (err) {
  fail(`failed to start: ${(err as Error)?.message ?? String(err)}`, 1);
}
