import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Read from package.json at run time so `--version` and serverInfo never drift from the package.
// package.json is two directories up from every place this module runs: src/server/ (tests),
// dist/server/ (the tsc output) and dist/cli/ (the esbuild bundle, which inlines this module).
const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
export const VERSION: string = pkg.version;
