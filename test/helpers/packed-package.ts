import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

/** The repository root: the package being packed. */
export const ROOT = join(__dirname, '..', '..');

const execFileAsync = promisify(execFile);

/** Runs a command; a failure carries its output (tsc and npm report on stdout and stderr). */
async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  try {
    return (await execFileAsync(cmd, args, { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

/** One file of `npm pack --json`. */
export interface PackedFile {
  path: string;
  size: number;
}

/** What `npm pack --json` reports about the package. */
export interface PackReport {
  name: string;
  version: string;
  filename: string;
  files: PackedFile[];
}

/**
 * Runs `npm <args> --json` in the repository and returns its report. Always `--ignore-scripts`:
 * `npm test` built dist/ already (pretest), and `prepack` would clean and rebuild it
 * underneath the other tests running at the same time (the prepack script has its own check).
 * npm reads no registry for a pack, so this needs no network.
 */
export async function npmPack(args: string[]): Promise<PackReport> {
  // TMUX_MCP_TEST_PACK_ROOT packs another build (a private one, when dist/ is shared and stale).
  const stdout = await run('npm', ['pack', '--json', '--ignore-scripts', ...args], process.env.TMUX_MCP_TEST_PACK_ROOT ?? ROOT);
  const reports = JSON.parse(stdout) as PackReport[];
  return reports[0];
}

/** The scratch project's package.json, less its dependencies (written here). */
export interface ProjectManifest {
  name: string;
  version: string;
  [key: string]: unknown;
}

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  devOptional?: boolean;
  [key: string]: unknown;
}

/**
 * Writes a package.json and package-lock.json into `projectDir` that install the packed tarball
 * `tarball` and, for its dependencies, exactly the versions the repository's own lock holds.
 *
 * Why a lock: tests may not use the network, and the npm cache `npm ci` leaves holds the
 * packages' tarballs (by integrity) but not the registry metadata npm needs to resolve version
 * ranges offline (it fails with ENOTCACHED). With a lock that names every version, its integrity
 * and a tarball URL, npm takes each tarball from the cache and asks the registry nothing.
 * The repository's lock leaves `resolved` out (omit-lockfile-registry-resolved), so the URL is
 * rebuilt the way the registry lays tarballs out; only a cache miss would ever fetch it.
 */
export function writeOfflineProject(projectDir: string, tarball: string, manifest: ProjectManifest): void {
  const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & { version: string };
  const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const registry = 'https://registry.npmjs.org';
  const spec = `file:${relative(projectDir, tarball)}`;
  const project = { ...manifest, dependencies: { 'tmux-mcp-ts': spec } };
  const packages: Record<string, LockEntry> = {
    '': { name: project.name, version: project.version, dependencies: project.dependencies },
    'node_modules/tmux-mcp-ts': {
      version: rootPkg.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: rootPkg.license,
      dependencies: rootPkg.dependencies,
      bin: rootPkg.bin,
      engines: rootPkg.engines,
    },
  };
  // The repository's runtime dependencies sit where a fresh install of the package would put
  // them (the same hoisting, minus the repository's dev-only packages).
  for (const [path, entry] of Object.entries(rootLock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || entry.devOptional) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[path] = { ...entry, resolved: entry.resolved ?? `${registry}/${name}/-/${name.split('/').pop()}-${entry.version}.tgz` };
  }
  writeFileSync(join(projectDir, 'package.json'), JSON.stringify(project, null, 2) + '\n');
  writeFileSync(
    join(projectDir, 'package-lock.json'),
    JSON.stringify({ name: project.name, version: project.version, lockfileVersion: 3, requires: true, packages }, null, 2) + '\n',
  );
}

/** Runs npm in `cwd` (offline: tests never use the network). */
export async function npmOffline(cwd: string, args: string[]): Promise<void> {
  await run('npm', [...args, '--offline', '--no-audit', '--no-fund'], cwd);
}

/** Runs the repository's own TypeScript compiler (the scratch project installs none). */
export async function tsc(args: string[]): Promise<void> {
  await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), ...args], ROOT);
}
