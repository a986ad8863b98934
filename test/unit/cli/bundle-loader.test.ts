import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundle } from '../../../src/cli/bundle-loader';

/**
 * The cold-start loader (bench 5): runs a CommonJS bundle with a V8 code cache that is used
 * only for the exact bytes it was made from, and never runs a bundle older than its build.
 */
describe('loadBundle', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-bundle-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('runs the file as a CommonJS module and reuses a saved cache for the same bytes only', () => {
    const file = write('b.js', "exports.answer = () => 41 + 1; exports.dir = __dirname; exports.path = require('node:path').sep;");
    const cache = join(dir, 'b.v8cache');
    const first = loadBundle<{ answer(): number; dir: string; path: string }>(file, cache)!;
    expect(first.exports.answer()).toBe(42);
    expect(first.exports.dir).toBe(dir);
    expect(first.exports.path).toBe('/');
    expect(first.cache).toBe('missing');
    first.saveCache();
    expect(loadBundle(file, cache)!.cache).toBe('accepted');
    // Same length, other bytes: V8 alone would accept the cache (it checks the length only).
    write('b.js', "exports.answer = () => 41 - 1; exports.dir = __dirname; exports.path = require('node:path').sep;");
    const changed = loadBundle<{ answer(): number }>(file, cache)!;
    expect(changed.cache).toBe('missing');
    expect(changed.exports.answer()).toBe(40);
  });

  it('ignores a corrupt cache file and a bundle older than its build', () => {
    const file = write('b.js', 'exports.ok = true;');
    const cache = write('b.v8cache', 'garbage');
    expect(loadBundle<{ ok: boolean }>(file, cache)).toMatchObject({ exports: { ok: true }, cache: 'missing' });
    const newer = write('built.js', '');
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    expect(loadBundle(file, cache, newer)).toBeNull();
    expect(loadBundle(join(dir, 'absent.js'), cache)).toBeNull();
  });
});
