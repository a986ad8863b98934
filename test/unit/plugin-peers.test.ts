import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_LIBRARIES } from '../../src/framework/plugins/shared-modules';

/**
 * The peer dependencies of a plugin are stated once, in examples/plugin-template/package.json,
 * and the README and docs/reference/configuration.md#what-a-plugin-receives name the same
 * packages: the server's own package and the libraries its module hook shares
 * (docs/reference/configuration.md#shared-packages), with the server's own version ranges.
 */
const ROOT = join(__dirname, '..', '..');
const json = (f: string) =>
  JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as Record<string, Record<string, string>> & { name: string; version: string };

describe('plugin peer dependencies (docs/reference/configuration.md#shared-packages)', () => {
  const root = json('package.json');
  const template = json('examples/plugin-template/package.json');
  const names = [root.name, ...SHARED_LIBRARIES];

  it("the template lists the shared packages, with the server's ranges", () => {
    expect(Object.keys(template.peerDependencies).sort()).toEqual([...names].sort());
    expect(template.peerDependencies[root.name]).toBe(`^${root.version}`);
    for (const n of SHARED_LIBRARIES) expect(template.peerDependencies[n]).toBe(root.dependencies[n]);
  });

  it('the README and the configuration reference name the same packages', () => {
    const listed = names.map((n) => `\`${n}\``);
    const sentence = `${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]}`;
    const squash = (f: string) => readFileSync(join(ROOT, f), 'utf8').replace(/\s+/g, ' ');
    expect(squash('README.md')).toContain(sentence);
    expect(squash('docs/reference/configuration.md')).toContain(sentence);
  });
});
