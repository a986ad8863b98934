import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The contract lives in the repository (docs/README.md): code, tests, examples and benchmarks
 * cite `docs/<file>.md#<anchor>` sections that exist, and never a document outside the repo.
 */
const ROOT = join(__dirname, '..', '..');
const DIRS = ['src', 'test', 'examples', 'bench'];
const SELF = relative(ROOT, __filename);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|js|mjs|cjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** GitHub-style heading anchors of a Markdown file (repeated headings get -1, -2 …). */
export function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence: string | null = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .trim()
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const sources = DIRS.flatMap((d) => files(join(ROOT, d))).filter((f) => relative(ROOT, f) !== SELF);
const text = new Map(sources.map((f) => [relative(ROOT, f), readFileSync(f, 'utf8')]));
const anchorCache = new Map<string, Set<string>>();

describe('docs citations', () => {
  it('every docs/<file>.md#<anchor> cited in the code exists', () => {
    const broken: string[] = [];
    let cited = 0;
    for (const [file, body] of text) {
      for (const m of body.matchAll(/\bdocs\/([\w./-]+\.md)(?:#([\w-]+))?/g)) {
        cited++;
        const doc = join(ROOT, 'docs', m[1]);
        if (!existsSync(doc)) {
          broken.push(`${file}: ${m[0]} (no such file)`);
          continue;
        }
        if (!m[2]) continue;
        let anchors = anchorCache.get(doc);
        if (!anchors) anchorCache.set(doc, (anchors = anchorsOf(doc)));
        if (!anchors.has(m[2])) broken.push(`${file}: ${m[0]} (no such section)`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it('nothing cites a document outside the repository', () => {
    const outside = new RegExp(['\\bSP' + 'EC\\b', 'DES' + 'IGN\\.md', '\\.\\./sh' + 'ared', '§', '\\bPart [A-D]\\b'].join('|'));
    const bad: string[] = [];
    for (const [file, body] of text)
      body.split('\n').forEach((line, i) => {
        if (outside.test(line)) bad.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`);
      });
    expect(bad).toEqual([]);
  });

  it('the anchor reader follows GitHub (checked against known headings)', () => {
    const engine = anchorsOf(join(ROOT, 'docs', 'reference', 'engine.md'));
    expect(engine).toContain('reply-framing');
    expect(engine).toContain('tmux-33a-facts');
    expect(anchorsOf(join(ROOT, 'docs', 'reference', 'tools.md'))).toContain('run_command');
  });
});
