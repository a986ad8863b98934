import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants as vmConstants, Script } from 'node:vm';
import type { runCli } from './run-server';

/** What the bundle exports (src/cli/bundle-entry.ts). */
export interface ServerBundle {
  runCli: typeof runCli;
}

/** Built by `npm run bundle` from the tsc output (esbuild keeps tsc's decorator metadata). */
export const BUNDLE_FILE = join(__dirname, 'server.bundle.js');
/** V8 code cache of the bundle: `MAGIC | sha1(bundle) | V8 data`. */
export const CACHE_FILE = join(__dirname, 'server.bundle.v8cache');
const MAGIC = Buffer.from('tmcpV8c1');
const HEADER = MAGIC.length + 20;

interface ModuleInternals {
  _nodeModulePaths(dir: string): string[];
  _cache: Record<string, Module>;
}

/**
 * Loads the server bundle with a V8 code cache, or returns null to run the tsc output instead.
 *
 * Why (bench 5, cold start): loading ~150 CommonJS files (the SDK with zod, winston, every tool)
 * cost ~230 ms before the first reply. One bundled file saves the module resolution and file
 * reads; the code cache saves parsing and compiling it (Node 20 has no module.enableCompileCache,
 * so this is the v8-compile-cache technique with vm.Script). Together: about node + 50 ms.
 *
 * Safety of the cache: V8 itself rejects data from another V8 version or other flags, but it
 * checks only the source length, so the header carries a SHA-1 of the bundle bytes; any
 * mismatch ignores the file. A missing or rejected cache is rewritten at exit (atomically, best
 * effort: a read-only install just runs without it). A bundle older than the tsc output next
 * to it (a `tsc` run without `npm run bundle`) is stale and is not used.
 */
export function loadServerBundle(): ServerBundle | null {
  const loaded = loadBundle<ServerBundle>(BUNDLE_FILE, CACHE_FILE, __filename);
  if (!loaded) return null;
  if (loaded.cache !== 'accepted') process.once('exit', () => loaded.saveCache());
  return loaded.exports;
}

export interface LoadedBundle<T> {
  readonly exports: T;
  /** What became of the code cache: used, absent (or for other bytes), or refused by V8. */
  readonly cache: 'accepted' | 'missing' | 'rejected';
  /** Writes the cache from every function compiled so far (atomic, best effort). */
  saveCache(): void;
}

/**
 * Runs a CommonJS file as a module, compiled with its code cache when one matches. Returns
 * null when the file is missing or older than `notOlderThan` (a file of the same build).
 */
export function loadBundle<T>(file: string, cacheFile: string, notOlderThan?: string): LoadedBundle<T> | null {
  let bytes: Buffer;
  try {
    if (notOlderThan && statSync(file).mtimeMs < statSync(notOlderThan).mtimeMs) return null;
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const hash = createHash('sha1').update(bytes).digest();
  const cached = readCache(cacheFile, hash);
  // esbuild writes ASCII (charset=ascii, its default): latin1 decoding is exact and cheapest.
  let source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  if (source.startsWith('#!')) source = `//${source.slice(2)}`;
  const script = new Script(Module.wrap(source), {
    filename: file,
    cachedData: cached,
    // Plugins never run from the bundle, but keep import() working like in any CJS module.
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });

  const internals = Module as unknown as ModuleInternals;
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = internals._nodeModulePaths(dirname(file));
  // Registered like any loaded module: a second require() of the file meets this instance.
  internals._cache[file] = mod;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  mod.loaded = true;
  return {
    exports: mod.exports as T,
    cache: !cached ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted',
    saveCache: () => writeCache(cacheFile, script, hash),
  };
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

/** At exit the cache holds every function compiled so far (start-up and the first calls). */
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
