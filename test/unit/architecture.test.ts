import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import rules of docs/architecture.md#import-rules: the framework knows nothing of tmux,
 * and the engine knows nothing of the framework (nor of anything else in the package).
 */
const SRC = join(__dirname, '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every relative import of a file, as a path below src/. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) out.push(relative(SRC, resolve(dirname(file), m[1])));
  return out;
}

describe('import rules (docs/architecture.md#import-rules)', () => {
  it.each([
    ['framework', ['framework']],
    ['tmux', ['tmux']],
    ['config', ['config', 'framework']],
  ])('%s/ imports only from %j', (layer, allowed) => {
    const bad: string[] = [];
    for (const f of files(join(SRC, layer)))
      for (const target of imports(f))
        if (!allowed.some((a) => target === a || target.startsWith(`${a}/`))) bad.push(`${relative(SRC, f)} -> ${target}`);
    expect(bad).toEqual([]);
  });

  it('the check sees imports (it would catch a crossing)', () => {
    expect(imports(join(SRC, 'services', 'tmux-server-pool.service.ts'))).toEqual(
      expect.arrayContaining(['config/server-config', 'tmux/tmux-engine']),
    );
  });
});
