import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpPlugin } from './plugin';

/** A plugin module that could not be loaded; the CLI prints one line and exits 1. */
export class PluginLoadError extends Error {}

/**
 * The file a plugin specifier names (docs/reference/configuration.md#plugin-specifiers): an
 * absolute path as is; a relative path (`./x`, `../x`) from the working directory only, as a
 * shell would read it (never from the server's own directory, where `./dist/index.js` is the
 * server's own entry); a package name from the working directory, then from the server's own
 * directory (a plugin installed beside a global server). The error names every place tried.
 */
export function resolveSpecifier(spec: string, cwd: string, serverDir: string): string {
  if (isAbsolute(spec)) return spec;
  if (spec.startsWith('.')) {
    const file = resolve(cwd, spec);
    if (existsSync(file)) return file;
    throw new PluginLoadError(
      `plugin '${spec}' could not be loaded: no such file: ${file} (a relative path is read from the working directory; give an absolute path in a client's configuration)`,
    );
  }
  const fromDirs = [cwd, serverDir];
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

/** A loaded plugin and the file it came from (messages name it: docs/reference/configuration.md#plugin-specifiers). */
export interface LoadedPlugin {
  readonly plugin: McpPlugin;
  readonly spec: string;
  readonly file: string;
}

/**
 * Loads a plugin module (ESM or CJS, a path or a package name) and returns its plugin object:
 * the default export, or a named `plugin` export, made with `definePlugin`.
 */
export async function loadPlugin(spec: string, serverDir: string, cwd = process.cwd()): Promise<LoadedPlugin> {
  const file = resolveSpecifier(spec, cwd, serverDir);
  let mod: Record<string, unknown>;
  try {
    // import() stays a real dynamic import under module node16, so ESM plugins load
    // (docs/reference/configuration.md#plugin-modules).
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    throw new PluginLoadError(`plugin '${spec}' could not be loaded: ${loadFailure(err, file)}`);
  }
  const plugin = pickPlugin(mod);
  if (!plugin)
    throw new PluginLoadError(
      `plugin '${spec}' does not export a plugin (${file}: use definePlugin({ name, register }) as the default export)`,
    );
  return { plugin, spec, file };
}
