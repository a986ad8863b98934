import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The packages a plugin must share with the server (docs/reference/configuration.md#shared-packages):
 * the server's own package, whose classes plugins inject by class, and the libraries that keep
 * state a plugin writes into: tsyringe (the container that builds tools; a second copy answers
 * `TypeInfo not known for "X"`), class-validator and class-transformer (their metadata stores)
 * and reflect-metadata (the metadata of the decorators).
 */
export const SHARED_LIBRARIES = ['tsyringe', 'class-validator', 'class-transformer', 'reflect-metadata'] as const;

interface ResolveContext {
  parentURL?: string;
  conditions?: readonly string[];
}
interface ResolveResult {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}
type RegisterHooks = (hooks: {
  resolve: (specifier: string, context: ResolveContext, next: (s: string, c?: ResolveContext) => ResolveResult) => ResolveResult;
}) => unknown;

/** `a/b` → `a`, `@s/a/b` → `@s/a`, a path or URL → undefined. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Where a package file lives: the directory of the last `node_modules/NAME/` in its path, or undefined. */
function packageDirIn(file: string, name: string): string | undefined {
  const marker = `${sep}node_modules${sep}${name.split('/').join(sep)}${sep}`;
  const at = file.lastIndexOf(marker);
  return at < 0 ? undefined : file.slice(0, at + marker.length - 1);
}

/**
 * Makes a plugin's imports of the shared packages meet the server's copies: a synchronous
 * `resolve` hook (Node's public `module.registerHooks`, Node 22.15+ and 24; it covers `require`
 * and `import` alike) maps `NAME` and `NAME/sub` of each shared package, imported from a file
 * outside the server's own package directory, to the file the server itself resolves. The
 * server's own imports are left alone. Returns false where Node has no `registerHooks`; then
 * {@link foreignCopies} is what catches a plugin with its own copies.
 */
export function shareModules(packageRoot: string, packageName: string): boolean {
  const registerHooks = (nodeModule as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (!registerHooks) return false;
  const names = new Set<string>([packageName, ...SHARED_LIBRARIES]);
  const fromServer = createRequire(join(packageRoot, 'package.json'));
  const inside = packageRoot.endsWith(sep) ? packageRoot : packageRoot + sep;
  const targets = new Map<string, string | null>();
  const target = (specifier: string): string | null => {
    let url = targets.get(specifier);
    if (url === undefined) {
      try {
        // The server is CommonJS: the file its require() gets is the copy that holds its state.
        url = pathToFileURL(fromServer.resolve(specifier)).href;
      } catch {
        url = null; // not something the server can resolve: left to Node
      }
      targets.set(specifier, url);
    }
    return url;
  };
  registerHooks({
    resolve(specifier, context, next) {
      const name = packageOf(specifier);
      const parent = context.parentURL;
      if (name && names.has(name) && parent?.startsWith('file:') && !fileURLToPath(parent).startsWith(inside)) {
        const url = target(specifier);
        // Answered here: `next` takes a path under require() and a URL under import(); the URL is final.
        if (url) return { url, shortCircuit: true };
      }
      return next(specifier, context);
    },
  });
  return true;
}

/** A second copy of a shared package that a plugin loaded: where it is, and where the server's is. */
export interface ForeignCopy {
  readonly name: string;
  readonly plugin: string;
  readonly server: string;
}

/**
 * The shared packages loaded (through `require`) since `before` from a directory other than the
 * server's copy: what a plugin brought of its own when the hook could not apply. Each package is
 * named once, with both directories.
 */
export function foreignCopies(before: ReadonlySet<string>, packageRoot: string, packageName: string): ForeignCopy[] {
  const fromServer = createRequire(join(packageRoot, 'package.json'));
  const serverDir = (name: string): string | undefined => {
    if (name === packageName) return packageRoot;
    try {
      return packageDirIn(fromServer.resolve(name), name);
    } catch {
      return undefined;
    }
  };
  const found = new Map<string, ForeignCopy>();
  for (const file of Object.keys(nodeModule.createRequire(__filename).cache)) {
    if (before.has(file)) continue;
    for (const name of [packageName, ...SHARED_LIBRARIES]) {
      const dir = packageDirIn(file, name);
      const server = dir && serverDir(name);
      if (dir && server && dir !== server && !found.has(name)) found.set(name, { name, plugin: dir, server });
    }
  }
  return [...found.values()];
}

/** The files `require` has loaded so far, for {@link foreignCopies}. */
export function loadedFiles(): Set<string> {
  return new Set(Object.keys(nodeModule.createRequire(__filename).cache));
}
