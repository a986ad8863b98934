/**
 * Start-up of the CLI: how the server half (cli/run-server) gets loaded, with public Node APIs only.
 *
 * - Without plugins it runs from one esbuild bundle, dist/cli/server.bundle.js, loaded with a
 *   plain require(). The bundle is built from an ES-module emit of the sources (tsconfig.bundle.json)
 *   and each package's ES build (`--main-fields=es2015,module,main`), so esbuild hoists the modules into
 *   one scope and leaves out what is never used (zod's other APIs and locales, unused SDK parts):
 *   0.60 MB instead of 1.43 MB. `es2015` first: tsyringe, class-validator and class-transformer
 *   name their ES5 build `module`, whose down-levelled loops (`__read`, `__values`) made every
 *   call allocate ~40 KB more and run slower in container and validation code (bench/RESULTS.md,
 *   2026-11-28). Bundled from CommonJS, every module stays a function V8 compiles
 *   only when it is first required, which a cache made at compile time (Node's) does not hold:
 *   on Node 22 with the compile cache, require() of that bundle took 148 ms, of this one 72 ms.
 * - Compiled code is cached between runs by Node's module.enableCompileCache() (Node ≥ 22.1; the
 *   supported Node versions are 22 and 24, package.json "engines"): Node's own cache, in
 *   NODE_COMPILE_CACHE or else a directory under the OS temp dir; NODE_DISABLE_COMPILE_CACHE turns
 *   it off. It covers the tsc output as well, which runs when plugins are configured.
 *
 * Cold start, spawn → initialize reply, p50 over `node -e 0` (interleaved runs, 20–30 starts
 * each, 2 cores, Node 22): the bundle with the compile cache +73 ms, without it +89 ms, the tsc
 * output with it +204 ms. The bundle is minified without esbuild's --keep-names (its `__name`
 * calls, one per function and class, cost ~10 ms of every start; errors name themselves by their
 * static errorType instead of their class name), winston's debug helper is stubbed
 * (bundle-stubs/diagnostics.cjs, ~4 ms) and `tmux -V` runs after the server is connected
 * (cli-prepare.ts, server/preflight.ts, ~4 ms). Node 20 had no compile cache; a V8 code cache of our own (vm.Script
 * cachedData) served it until Node 20 left the supported versions.
 *
 * Why plugins get the tsc output: a plugin imports classes from `tmux-mcp-ts` (dist/index.js) and
 * injects them by class (e.g. TmuxServerPool); a bundled server would hold other copies of those
 * classes, and tsyringe would build a second, unregistered pool. With the tsc output the plugin
 * and the server share one module graph.
 */
import { statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import type { runCli } from './run-server';

/** What both forms of the server half export (src/cli/bundle-entry.ts, src/cli/run-server.ts). */
export interface ServerModule {
  runCli: typeof runCli;
}

/** Built by `npm run bundle`. */
export const BUNDLE_FILE = join(__dirname, 'server.bundle.js');
// Looked up, not called blindly: a server started on an older Node than "engines" still runs.
const enableCompileCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;

/** Loads the server half: the bundle when there are no plugins and it is current, else the tsc output. */
export function loadServer(withPlugins: boolean): ServerModule {
  if (enableCompileCache) enableCompileCache();
  return (
    (withPlugins ? null : loadBundle()) ??
    // A synchronous, lazy load of a CommonJS module chosen at run time: require() is the API for that.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./run-server') as ServerModule)
  );
}

/**
 * The bundle, or null when it is missing or older than this file: a `tsc` run without
 * `npm run bundle` leaves a stale bundle behind, and the tsc output is then the current code.
 */
export function loadBundle(file = BUNDLE_FILE): ServerModule | null {
  try {
    if (statSync(file).mtimeMs < statSync(__filename).mtimeMs) return null;
  } catch {
    return null;
  }
  // The bundle is a CommonJS file found at run time; require() loads it (and Node's compile cache covers it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as ServerModule;
}
