// Read from package.json at run time so `--version` and serverInfo never drift from the package.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const VERSION: string = (require('../../package.json') as { version: string }).version;
