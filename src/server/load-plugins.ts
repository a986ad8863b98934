import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadPlugin, type LoadedPlugin } from '../framework/plugins/plugin-loader';
import { foreignCopies, loadedFiles, shareModules } from '../framework/plugins/shared-modules';

export type { LoadedPlugin } from '../framework/plugins/plugin-loader';

/**
 * The installation directory of this package (where its package.json is): the base of relative
 * plugin paths (docs/reference/configuration.md#plugin-specifiers). Two directories up from every
 * place this module runs: src/server/ (tests), dist/server/ (the tsc output) and dist/cli/ (the
 * esbuild bundle, which inlines it).
 */
export const PACKAGE_ROOT = resolve(__dirname, '..', '..');

/**
 * Loads the configured plugins in order (docs/reference/configuration.md#shared-packages): first
 * the module hook that makes a plugin's imports of this package, tsyringe, class-validator,
 * class-transformer and reflect-metadata meet the server's copies, then each plugin; a plugin that
 * still loaded a copy of its own (a Node without `module.registerHooks`) is a problem naming both
 * copies. Each problem goes to `problem` (the server stops at the first; `--check` lists them all).
 */
export async function loadPlugins(specs: readonly string[], problem: (message: string) => void): Promise<LoadedPlugin[]> {
  if (!specs.length) return [];
  const name = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string }).name;
  const hooked = shareModules(PACKAGE_ROOT, name);
  const loaded: LoadedPlugin[] = [];
  for (const spec of specs) {
    const before = loadedFiles();
    try {
      loaded.push(await loadPlugin(spec, PACKAGE_ROOT));
    } catch (err) {
      problem((err as Error).message);
      continue;
    }
    for (const c of foreignCopies(before, PACKAGE_ROOT, name))
      problem(
        `plugin '${spec}' loaded its own copy of ${c.name} (${c.plugin}) beside the server's (${c.server}): the two do not share ` +
          `their state${hooked ? '' : ` (this Node, ${process.version}, has no module.registerHooks to join them: use Node 22.15 or later)`}; ` +
          `list ${c.name} under the plugin's peerDependencies and install the plugin without it`,
      );
  }
  return loaded;
}
