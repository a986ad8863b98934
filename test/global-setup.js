// Builds dist/ and dist-examples/ once per jest run when it is missing or older than src/ (e2e tests spawn dist/cli.js),
// and creates this run's ledger of tmux sockets (see test/helpers/tmux-sockets.ts, checked by test/global-teardown.ts).
const { execFileSync } = require('node:child_process');
const { mkdtempSync, readdirSync, statSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

module.exports = async () => {
  // The fixtures in every worker append the socket paths they create here; workers are started
  // after this hook and inherit process.env. A fresh directory per run: only this run's sockets count.
  process.env.JEST_TMUX_SOCKET_LEDGER = mkdtempSync(join(tmpdir(), 'tmux-mcp-jest-ledger-'));

  const root = join(__dirname, '..');
  const cli = join(root, 'dist', 'cli.js');
  const example = join(root, 'dist-examples', 'custom-tool', 'index.js');
  const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'examples')));
  if (existsSync(cli) && existsSync(example) && Math.min(statSync(cli).mtimeMs, statSync(example).mtimeMs) >= sources) return;
  const tsc = require.resolve('typescript/bin/tsc');
  // tsc still emits when it finds type errors; the type check proper is `npm run typecheck`,
  // so a type error elsewhere must not stop every test from running.
  for (const project of ['tsconfig.build.json', 'tsconfig.examples.json']) {
    try {
      execFileSync(process.execPath, [tsc, '-p', join(root, project)], { stdio: 'pipe' });
    } catch (err) {
      process.stderr.write(`global-setup: ${project} built with type errors:\n${err.stdout}\n`);
    }
  }
};
