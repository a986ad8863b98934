// Stress suite (hardening issue): bounded soak/load runs against a spawned `node dist/cli.js`,
// loopback only. Run with `npx jest -c test/stress/jest.stress.config.js` (see README.md here).
// Files are `*.stress.ts` so the main suite (`*.test.ts` under test/) never picks them up.
const base = require('../../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  rootDir: '../..',
  roots: ['<rootDir>/test/stress'],
  testMatch: ['**/*.stress.ts'],
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  globalSetup: '<rootDir>/test/global-setup.js',
  testTimeout: 170_000,
  maxWorkers: 1,
};
