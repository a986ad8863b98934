/**
 * Start-up of the CLI: how the server half (cli/run-server) gets loaded, with public Node APIs only.
 *
 * - Without plugins it runs from one esbuild bundle, dist/cli/server.bundle.js, loaded with a
 *   plain require(). The bundle is built from an ES-module emit of the sources (tsconfig.bundle.json)
 *   and each package's ES build (`--main-fields=module,main`), so esbuild hoists the modules into
 *   one scope and leaves out what is never used (zod's other APIs and locales, unused SDK parts):
 *   0.60 MB instead of 1.43 MB. Bundled from CommonJS, every module stays a function V8 compiles
 *   only when it is first required, which a cache made at compile time (Node's) does not hold:
 *   on Node 22 with the compile cache, require() of that bundle took 148 ms, of this one 72 ms.
 * - Compiled code is cached between runs. Node ≥ 22.1 has module.enableCompileCache(): Node's own
 *   cache, in NODE_COMPILE_CACHE or else a directory under the OS temp dir; NODE_DISABLE_COMPILE_CACHE
 *   turns it off. It covers the tsc output as well, which runs when plugins are configured.
 * - Node 20 has no such cache: see requireWithCodeCache, the one piece kept for it alone.
 *
 * Cold start, spawn → initialize reply, p50 over `node -e 0` (interleaved runs, 20–30 starts
 * each, 2 cores). Node 22: the bundle with the compile cache +73 ms, without it +89 ms, the tsc
 * output with it +204 ms. Node 20: the bundle with requireWithCodeCache +56 ms, by plain require()
 * +89 ms, the tsc output +257 ms. Node's cache is made when a file is compiled, so it lacks the
 * functions V8 compiles lazily while the server starts; requireWithCodeCache on Node 22 gave
 * +52 ms, but there Node's own, maintained mechanism is preferred to a cache of our own.
 * Since then (bench 5, Node 20, same runs against the previous release): the bundle is minified
 * without esbuild's --keep-names (its `__name` calls, one per function and class, cost ~10 ms of
 * every start; errors name themselves by their static errorType instead of their class name),
 * winston's debug helper is stubbed (bundle-stubs/diagnostics.cjs, ~4 ms) and `tmux -V` runs
 * after the server is connected (cli-prepare.ts, ~4 ms): +54 to +62 ms, against +78 to +80 ms
 * for the release before this work.
 *
 * Why plugins get the tsc output: a plugin imports classes from `tmux-mcp-ts` (dist/index.js) and
 * injects them by class (e.g. TmuxServerPool); a bundled server would hold other copies of those
 * classes, and tsyringe would build a second, unregistered pool. With the tsc output the plugin
 * and the server share one module graph.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { constants as vmConstants, Script } from 'node:vm';
import type { runCli } from './run-server';

/** What both forms of the server half export (src/cli/bundle-entry.ts, src/cli/run-server.ts). */
export interface ServerModule {
  runCli: typeof runCli;
}

/** Built by `npm run bundle`. */
export const BUNDLE_FILE = join(__dirname, 'server.bundle.js');
/** Node 20 only: the V8 code cache of the bundle, `MAGIC | size and mtime of the bundle | V8 data`. */
export const CACHE_FILE = join(__dirname, 'server.bundle.v8cache');

// Typed here: @types/node 20 does not declare it (Node 22.1 added it).
const enableCompileCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
const HAS_COMPILE_CACHE = typeof enableCompileCache === 'function';

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
export function loadBundle(file = BUNDLE_FILE, cacheFile = CACHE_FILE): ServerModule | null {
  try {
    if (statSync(file).mtimeMs < statSync(__filename).mtimeMs) return null;
  } catch {
    return null;
  }
  // The bundle is a CommonJS file found at run time; require() loads it (and Node's compile cache covers it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (HAS_COMPILE_CACHE) return require(file) as ServerModule;
  const loaded = requireWithCodeCache<ServerModule>(file, cacheFile);
  if (loaded.cache !== 'accepted') {
    // Written 2 s after the start, when the server has started and answered its first requests,
    // or at a normal exit before that. Not later: a long run lets V8 drop the bytecode of code
    // that ran only at start-up, and a cache written then had half the size and no effect. Not
    // after a failed start (exit 1 or 2), which never ran the server's start-up code. A matching
    // cache is never rewritten; one V8 refuses (another V8, or other flags such as
    // --max-semi-space-size) is.
    let saved = false;
    const save = () => {
      if (!saved) loaded.saveCache();
      saved = true;
    };
    setTimeout(save, CACHE_WRITE_DELAY_MS).unref();
    process.once('exit', (code) => code === 0 && save());
  }
  return loaded.exports;
}

export interface CodeCachedModule<T> {
  readonly exports: T;
  /** What became of the cache: used, absent (or made for other bytes), or refused by V8. */
  readonly cache: 'accepted' | 'missing' | 'rejected';
  /** Writes the cache with every function compiled so far (atomic, best effort). */
  saveCache(): void;
}

const MAGIC = Buffer.from('tmcpV8c3');
const CACHE_WRITE_DELAY_MS = 2000;
const HEADER = MAGIC.length + 20;

/**
 * Node 20 only (no module.enableCompileCache): runs a CommonJS file with a V8 code cache, through
 * the public vm API (Script's cachedData and createCachedData) and module.createRequire.
 *
 * Why it stays: on Node 20 it takes a third off the start-up cost of the bundle (+56 ms against
 * +89 ms by plain require(), numbers above; the target is +60 ms). Node 20 reached its end of life
 * in April 2026; drop this with it.
 *
 * The cache is written after the start (see loadBundle), so it also holds the functions compiled
 * while the server started and answered. V8 rejects data from another V8 version or other flags,
 * but it checks only the length of the source, so the header carries the bundle's size and
 * modification time (a rebuild changes the time; hashing the 0.6 MB file cost ~1 ms of every
 * start); any mismatch ignores the cache. The file is
 * written atomically; where it cannot be (a read-only install) the server just starts without it.
 */
export function requireWithCodeCache<T>(file: string, cacheFile: string): CodeCachedModule<T> {
  const bytes = readFileSync(file);
  const hash = fileStamp(file, bytes.length);
  const cached = readCache(cacheFile, hash);
  // esbuild writes ASCII (charset=ascii, its default): latin1 decoding is exact and cheapest.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  // The CommonJS wrapper, as Node documents it (modules.md, "The module wrapper").
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData: cached,
    // Plugins never run from the bundle, but import() keeps working as in any CommonJS module.
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const mod = { exports: {} as T, id: file, filename: file, loaded: false };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, nodeModule.createRequire(file), mod, file, dirname(file));
  mod.loaded = true;
  return {
    exports: mod.exports,
    cache: !cached ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted',
    saveCache: () => writeCache(cacheFile, script, hash),
  };
}

/** 20 bytes naming one build of the file: its size and modification time. */
function fileStamp(file: string, size: number): Buffer {
  const stamp = Buffer.alloc(20);
  stamp.writeDoubleLE(size, 0);
  stamp.writeDoubleLE(statSync(file).mtimeMs, 8);
  return stamp;
}

function readCache(cacheFile: string, hash: Buffer): Buffer | undefined {
  try {
    const data = readFileSync(cacheFile);
    if (data.length <= HEADER || !data.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    if (!data.subarray(MAGIC.length, HEADER).equals(hash)) return undefined;
    return data.subarray(HEADER);
  } catch {
    return undefined;
  }
}

function writeCache(cacheFile: string, script: Script, hash: Buffer): void {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([MAGIC, hash, script.createCachedData()]));
    renameSync(tmp, cacheFile);
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing written
    }
  }
}
