/**
 * Entry of the esbuild bundle (`npm run bundle`, from the ES-module emit of tsconfig.bundle.json):
 * the server half of the CLI only. Plugins never meet this copy of the framework: with plugins the
 * launcher runs the tsc output instead, so a plugin's `require('tmux-mcp-ts')` and the server share
 * one module graph (see startup.ts).
 */
export { runCli } from './run-server';
