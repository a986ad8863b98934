import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpPlugin } from './plugin';

/** A plugin module that could not be loaded; the CLI prints one line and exits 1. */
export class PluginLoadError extends Error {}

/** The file a plugin specifier names: a path (from the working directory) or a package name, looked up from each of `fromDirs` in turn. */
export function resolveSpecifier(spec: string, fromDirs: readonly string[]): string {
  if (spec.startsWith('.') || isAbsolute(spec)) return resolve(spec);
  // Package names: the working directory first, then the server's own directory
  // (docs/reference/configuration.md#plugin-specifiers).
  for (const dir of fromDirs) {
    try {
      return createRequire(join(dir, 'noop.js')).resolve(spec);
    } catch {
      // try the next base
    }
  }
  throw new PluginLoadError(`plugin '${spec}' could not be loaded: module not found`);
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
  const file = resolveSpecifier(spec, [process.cwd(), serverDir]);
  let mod: Record<string, unknown>;
  try {
    // import() stays a real dynamic import under module node16, so ESM plugins load
    // (docs/reference/configuration.md#plugin-modules).
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    throw new PluginLoadError(`plugin '${spec}' could not be loaded: ${(err as Error).message.split('\n')[0]}`);
  }
  const p = pickPlugin(mod);
  if (!p)
    throw new PluginLoadError(`plugin '${spec}' does not export a plugin (use definePlugin({ name, register }) as the default export)`);
  return p;
}
