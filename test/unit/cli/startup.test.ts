import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundle } from '../../../src/cli/startup';

/** The start-up loader (bench 5): the bundle is used only when it is current. */
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
    expect(loadBundle(join(dir, 'absent.js'))).toBeNull();
    const file = write('old.js', 'exports.runCli = () => 1;');
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    expect(loadBundle(file)).toBeNull();
  });

  it('loadBundle: a current bundle is required as a CommonJS module', () => {
    const file = write('b.js', 'exports.runCli = () => 42; exports.dir = __dirname;');
    const loaded = loadBundle(file) as unknown as { runCli(): number; dir: string };
    expect(loaded.runCli()).toBe(42);
    expect(loaded.dir).toBe(dir);
  });
});
