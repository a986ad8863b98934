import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { npmPack, ROOT } from '../helpers/packed-package';

/**
 * What the published package holds (docs/architecture.md#package-contents): the entry points and
 * the bundle, the licence, every file the shipped Markdown links to, and no source map whose
 * sources stay behind. `npm pack --dry-run` lists the files without writing a tarball; it reads
 * no registry.
 */
interface Manifest {
  license: string;
  main: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  scripts: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const bare = (p: string) => posix.normalize(p).replace(/^\.\//, '');

/**
 * A dist/ file that no current source produces: a left-over of an older local build (a source
 * since renamed or removed). `prepack` starts from an empty dist/, so a real pack never holds one;
 * these tests pack with --ignore-scripts (see npmPack), so they set such files aside rather than
 * fail on a developer's old build.
 */
function leftover(f: string): boolean {
  if (!f.startsWith('dist/') || f === 'dist/cli/server.bundle.js' || f === 'dist/cli/initialize.json') return false;
  const base = f.slice('dist/'.length).replace(/(\.d\.ts|\.js)(\.map)?$/, '');
  return !existsSync(join(ROOT, 'src', `${base}.ts`));
}

/** The relative link targets of a Markdown text, outside fenced code blocks, without their #anchor. */
function relativeLinks(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].split('#')[0];
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) out.push(target);
    }
  }
  return out;
}

describe('npm pack (docs/architecture.md#package-contents)', () => {
  let files: Set<string>;

  beforeAll(async () => {
    files = new Set((await npmPack(['--dry-run'])).files.map((f) => f.path).filter((f) => !leftover(f)));
  }, 60_000);

  it('ships the entry points package.json names, the bundle, LICENSE and README.md', () => {
    const entryPoints = [
      pkg.main,
      pkg.types,
      ...Object.values(pkg.bin),
      ...Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e))),
    ].map(bare);
    const expected = [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/cli.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/server.bundle.js',
      // The build-time `initialize` facts (docs/architecture.md#cold-start).
      'dist/cli/initialize.json',
    ];
    for (const f of new Set([...expected, ...entryPoints])) expect([f, files.has(f)]).toEqual([f, true]);
  });

  it('ships an MIT LICENSE, as package.json says', () => {
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} tmux-mcp-ts contributors\n/);
  });

  it('every relative link of README.md and the other shipped Markdown resolves inside the package', () => {
    const markdown = [...files].filter((f) => f.endsWith('.md'));
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
    const broken: string[] = [];
    let links = 0;
    for (const md of markdown) {
      for (const target of relativeLinks(readFileSync(join(ROOT, md), 'utf8'))) {
        links++;
        const path = posix.normalize(posix.join(posix.dirname(md), target)).replace(/\/$/, '');
        const present = files.has(path) || [...files].some((f) => f.startsWith(`${path}/`));
        if (!present) broken.push(`${md}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(links).toBeGreaterThan(20); // the check reads links (README.md alone has more)
  });

  it('ships no source map whose sources are missing, and no script that points at a missing map', () => {
    const dangling: string[] = [];
    for (const f of files) {
      if (f.endsWith('.map')) {
        const map = JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as { sourceRoot?: string; sources: string[] };
        for (const s of map.sources) {
          const source = posix.normalize(posix.join(posix.dirname(f), map.sourceRoot ?? '', s));
          if (!files.has(source)) dangling.push(`${f} -> ${source}`);
        }
      } else if (/\.(c|m)?js$/.test(f)) {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(ROOT, f), 'utf8'))?.[1];
        if (url && !url.startsWith('data:') && !files.has(posix.normalize(posix.join(posix.dirname(f), url))))
          dangling.push(`${f} -> ${url}`);
      }
    }
    expect(dangling).toEqual([]);
  });

  it('builds before packing: prepack starts from an empty dist/ and runs the whole build', () => {
    expect(pkg.scripts.prepack).toMatch(/rmSync\('dist'.*&& npm run build$/);
    expect(pkg.scripts.build).toMatch(/tsc -p tsconfig\.build\.json .*npm run bundle/);
  });
});
