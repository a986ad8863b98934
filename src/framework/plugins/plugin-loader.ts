import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpPlugin } from './plugin';

/** A plugin module that could not be loaded; the CLI prints one line and exits 1. */
export class PluginLoadError extends Error {}

/**
 * The file a plugin specifier names (docs/reference/configuration.md#plugin-specifiers): an
 * absolute path as is; a relative path (`./x`, `../x`) or a package name looked up from each of
 * `fromDirs` in turn (the server's own directory, then the working directory: MCP clients start
 * servers from anywhere, so the working directory alone is no base to rely on). The error names
 * every place tried.
 */
export function resolveSpecifier(spec: string, fromDirs: readonly string[]): string {
  if (isAbsolute(spec)) return spec;
  if (spec.startsWith('.')) {
    const tried = fromDirs.map((d) => resolve(d, spec));
    const found = tried.find((f) => existsSync(f));
    if (found) return found;
    throw new PluginLoadError(`plugin '${spec}' could not be loaded: no such file (tried ${tried.join(', ')}); give an absolute path`);
  }
  for (const dir of fromDirs) {
    try {
      return createRequire(join(dir, 'noop.js')).resolve(spec);
    } catch {
      // try the next base
    }
  }
  throw new PluginLoadError(`plugin '${spec}' could not be loaded: module not found (looked from ${fromDirs.join(', ')})`);
}

/**
 * Why a module did not load, in one line. A syntax error names the file, and the line when Node
 * reports it (CommonJS puts `file:line` first in the stack; ES modules get no location on Node 20).
 */
function loadFailure(err: unknown, file: string): string {
  const e = err as Error;
  const first = e?.message?.split('\n')[0] ?? String(err);
  if (e?.name !== 'SyntaxError') return first;
  const at = /^(\S+):(\d+)$/m.exec(e.stack ?? '');
  return `SyntaxError: ${first} (${at ? `${at[1]}:${at[2]}` : file})`;
}

function pickPlugin(mod: Record<string, unknown>): McpPlugin | undefined {
  const candidates = [mod.default, (mod.default as Record<string, unknown> | undefined)?.default, mod.plugin];
  for (const c of candidates) {
    if (c && typeof c === 'object' && typeof (c as McpPlugin).register === 'function') return c as McpPlugin;
  }
  return undefined;
}

/**
 * Loads a plugin module (ESM or CJS, a path or a package name) and returns its plugin object:
 * the default export, or a named `plugin` export, made with `definePlugin`.
 */
export async function loadPlugin(spec: string, serverDir: string): Promise<McpPlugin> {
  const file = resolveSpecifier(spec, [serverDir, process.cwd()]);
  let mod: Record<string, unknown>;
  try {
    // import() stays a real dynamic import under module node16, so ESM plugins load
    // (docs/reference/configuration.md#plugin-modules).
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    throw new PluginLoadError(`plugin '${spec}' could not be loaded: ${loadFailure(err, file)}`);
  }
  const p = pickPlugin(mod);
  if (!p)
    throw new PluginLoadError(`plugin '${spec}' does not export a plugin (use definePlugin({ name, register }) as the default export)`);
  return p;
}
