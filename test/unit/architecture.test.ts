import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import rules of docs/architecture.md#import-rules, read from that page's table (the table
 * is written once, there): every file of src/ is in a row, imports only what its row names, and
 * no import cycle runs between files. Type-only imports count: a cycle of types still means two
 * files that cannot be read, changed or moved one without the other.
 */
const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The file a relative specifier names, as a path below src/ (`x`, `x.js`, `x.ts`, `x/index.ts`). */
function resolveSpecifier(from: string, spec: string): string {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  const hit = [base, `${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
  if (!hit) throw new Error(`${relative(SRC, from)}: cannot resolve '${spec}'`);
  return relative(SRC, hit);
}

/** Every relative import of a file (static, type-only, re-export, `import()`, `require()`), as files below src/. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"](\.[^'"]+)['"]/g)) out.add(resolveSpecifier(file, m[1]));
  return [...out];
}

interface Rule {
  /** Paths below src/: `framework/` is a folder, `framework/types.ts` a file. */
  paths: string[];
  /** `nothing`, `everything`, or the paths it may import from (besides its own). */
  allowed: string[] | 'everything';
}

/** The rows of the table under "### Import rules" in docs/architecture.md. */
function rules(): Rule[] {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Import rules'));
  const table = section.slice(section.indexOf('\n|'), section.indexOf('\n\n', section.indexOf('\n|')));
  const cells = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((row) => {
      const [paths, allowed] = row.split('|').slice(1, 3);
      const may = allowed.trim();
      return { paths: cells(paths), allowed: may === 'everything' ? 'everything' : may === 'nothing' ? [] : cells(may) };
    });
}

const under = (file: string, path: string): boolean => (path.endsWith('/') ? file.startsWith(path) : file === path);

/** The row of a file: the one with its longest matching path, and that path. */
function ruleOf(table: Rule[], file: string): { rule: Rule; own: string } | undefined {
  let best: { rule: Rule; own: string } | undefined;
  for (const rule of table)
    for (const p of rule.paths) if (under(file, p) && (!best || p.length > best.own.length)) best = { rule, own: p };
  return best;
}

const SOURCES = files(SRC).map((f) => relative(SRC, f));
const GRAPH = new Map(SOURCES.map((f) => [f, imports(join(SRC, f))]));

describe('import rules (docs/architecture.md#import-rules)', () => {
  const table = rules();

  it('every file of src/ is in a row, and every path the table names exists', () => {
    expect(table.length).toBeGreaterThan(10);
    expect(SOURCES.filter((f) => !ruleOf(table, f))).toEqual([]);
    const named = table.flatMap((r) => [...r.paths, ...(r.allowed === 'everything' ? [] : r.allowed)]);
    expect(named.filter((p) => !existsSync(join(SRC, p)))).toEqual([]);
  });

  it('every file of src/ imports only what its row allows', () => {
    const bad: string[] = [];
    for (const [file, targets] of GRAPH) {
      const { rule } = ruleOf(table, file)!;
      if (rule.allowed === 'everything') continue;
      const ok = [...rule.paths, ...rule.allowed];
      for (const t of targets) if (!ok.some((p) => under(t, p))) bad.push(`${file} -> ${t}`);
    }
    expect(bad).toEqual([]);
  });

  it('no import cycle between files of src/', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string): void => {
      state.set(f, 'open');
      stack.push(f);
      for (const t of GRAPH.get(f) ?? []) {
        if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t].join(' -> '));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of SOURCES) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('tool families never reach into each other: what two families share lives in tools/common/', () => {
    const familyOf = (f: string): string | undefined => /^tools\/([^/]+)\//.exec(f)?.[1];
    const bad: string[] = [];
    for (const [file, targets] of GRAPH) {
      const from = familyOf(file);
      if (!from || from === 'common') continue;
      for (const t of targets) {
        const to = familyOf(t);
        if (to && to !== from && to !== 'common') bad.push(`${file} -> ${t}`);
      }
    }
    expect(bad).toEqual([]);
    expect(GRAPH.get('tools/hook/show-hooks.input.ts')).toContain('tools/common/scope.params.ts');
  });

  it('the checks see imports (they would catch a crossing and a cycle)', () => {
    expect(GRAPH.get('services/tmux-server-pool.service.ts')).toEqual(
      expect.arrayContaining(['config/server-config.ts', 'tmux/tmux-engine.ts']),
    );
    // a type-only import, a re-export and a lazy require are edges too
    expect(GRAPH.get('framework/tokens.ts')).toContain('framework/types.ts');
    expect(GRAPH.get('index.ts')).toContain('framework/tokens.ts');
    expect(GRAPH.get('cli/startup.ts')).toContain('cli/run-server.ts');
    const table2 = rules();
    const row = ruleOf(table2, 'tmux/tmux-engine.ts')!;
    expect(row.rule.allowed).toEqual([]);
    expect(ruleOf(table2, 'framework/metadata/param-metadata.ts')!.own).toBe('framework/metadata/');
  });
});
