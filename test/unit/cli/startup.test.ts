import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundle, requireWithCodeCache } from '../../../src/cli/startup';

/**
 * The start-up loader (bench 5): the bundle is used only when it is current, and Node 20's code
 * cache is used only for the exact bytes it was made from.
 */
describe('startup', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-startup-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('loadBundle: no bundle, or one older than the build, means the tsc output runs', () => {
    expect(loadBundle(join(dir, 'absent.js'), join(dir, 'absent.v8cache'))).toBeNull();
    const file = write('b.js', 'exports.runCli = () => 1;');
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    expect(loadBundle(file, join(dir, 'b.v8cache'))).toBeNull();
  });

  it('requireWithCodeCache runs the file as a CommonJS module and reuses a saved cache for the same bytes only', () => {
    const file = write('b.js', "exports.answer = () => 41 + 1; exports.dir = __dirname; exports.sep = require('node:path').sep;");
    const cache = join(dir, 'b.v8cache');
    const first = requireWithCodeCache<{ answer(): number; dir: string; sep: string }>(file, cache);
    expect(first.exports.answer()).toBe(42);
    expect(first.exports.dir).toBe(dir);
    expect(first.exports.sep).toBe('/');
    expect(first.cache).toBe('missing');
    first.saveCache();
    expect(requireWithCodeCache(file, cache).cache).toBe('accepted');
    // Same length, other bytes: V8 alone would accept the cache (it checks the length only).
    write('b.js', "exports.answer = () => 41 - 1; exports.dir = __dirname; exports.sep = require('node:path').sep;");
    const changed = requireWithCodeCache<{ answer(): number }>(file, cache);
    expect(changed.cache).toBe('missing');
    expect(changed.exports.answer()).toBe(40);
  });

  it('requireWithCodeCache ignores a corrupt cache file; module.exports replaces exports', () => {
    const file = write('b.js', 'module.exports = { ok: true };');
    const cache = write('b.v8cache', 'garbage');
    expect(requireWithCodeCache<{ ok: boolean }>(file, cache)).toMatchObject({ exports: { ok: true }, cache: 'missing' });
  });
});
