// Builds dist/ once per jest run when it is missing or older than src/ (e2e tests spawn dist/cli.js).
const { execFileSync } = require('node:child_process');
const { readdirSync, statSync, existsSync } = require('node:fs');
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
  const root = join(__dirname, '..');
  const cli = join(root, 'dist', 'cli.js');
  if (existsSync(cli) && statSync(cli).mtimeMs >= newest(join(root, 'src'))) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
};
