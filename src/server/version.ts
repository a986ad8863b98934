import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Read from package.json at run time so `--version` and serverInfo never drift from the package.
// package.json is two directories up from every place this module runs: src/server/ (tests),
// dist/server/ (the tsc output) and dist/cli/ (the esbuild bundle, which inlines this module).
const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
  engines?: { node?: string };
};
export const VERSION: string = pkg.version;
/** package.json's `engines.node`: the Node versions the server supports. */
export const NODE_ENGINES: string | undefined = pkg.engines?.node;
