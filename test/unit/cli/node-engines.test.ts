import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeEnginesWarning, satisfiesEngines } from '../../../src/cli/node-engines';
import { NODE_ENGINES } from '../../../src/server/version';

describe("a Node outside package.json's engines (docs/reference/configuration.md#start-up)", () => {
  const range = '^22.19.0 || ^24.0.0';

  it('reads the ranges package.json uses', () => {
    expect(satisfiesEngines('v22.19.0', range)).toBe(true);
    expect(satisfiesEngines('v22.21.1', range)).toBe(true);
    expect(satisfiesEngines('v24.3.0', range)).toBe(true);
    expect(satisfiesEngines('v22.18.9', range)).toBe(false);
    expect(satisfiesEngines('v20.11.0', range)).toBe(false);
    expect(satisfiesEngines('v23.1.0', range)).toBe(false);
    expect(satisfiesEngines('v25.0.0', range)).toBe(false);
    expect(satisfiesEngines('v18.0.0', '>=20')).toBe(false);
    expect(satisfiesEngines('v26.0.0', '>=20')).toBe(true);
    // A range it cannot read, or a version it cannot parse, is not a warning.
    expect(satisfiesEngines('v10.0.0', '20.x')).toBe(true);
    expect(satisfiesEngines('nightly', range)).toBe(true);
  });

  it('is one line naming the version and the range, or nothing', () => {
    expect(nodeEnginesWarning('v20.11.0', range)).toBe(
      'Node v20.11.0 is not a supported version (package.json engines: node ^22.19.0 || ^24.0.0); some features may fail',
    );
    expect(nodeEnginesWarning('v22.19.0', range)).toBeNull();
    expect(nodeEnginesWarning('v20.11.0', undefined)).toBeNull();
  });

  it('takes the range from package.json, which the Node running the tests satisfies', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(NODE_ENGINES).toBe(pkg.engines.node);
    expect(nodeEnginesWarning(process.version, NODE_ENGINES)).toBeNull();
  });
});
