'use strict';
/**
 * Stands in for `@dabh/diagnostics` inside the server bundle (esbuild `--alias`). CommonJS on
 * purpose: winston calls `require('@dabh/diagnostics')(namespace)`, so the module itself must be
 * the function.
 *
 * Why: winston requires it at load time for its own debug output, which prints only when the
 * DEBUG or DIAGNOSTICS environment variable asks for it; loading it (with its colour modules)
 * cost ~4 ms of every cold start (bench 5). When either variable is set, the real package is
 * loaded, from winston's own location, and behaves as it always did.
 */
const { createRequire } = require('node:module');

const noop = () => undefined;

module.exports = function diagnostics(namespace, options) {
  if (!process.env.DEBUG && !process.env.DIAGNOSTICS) return noop;
  const fromWinston = createRequire(createRequire(__filename).resolve('winston'));
  return fromWinston('@dabh/diagnostics')(namespace, options);
};
