/**
 * Stands in for `ajv` inside the server bundle (esbuild `--alias:ajv=…`).
 *
 * Why: the SDK's Server module requires its Ajv validator provider at load time, which loads
 * ajv with ajv-formats and fast-uri (~300 KB) although the server needs a JSON Schema validator
 * only to check elicitation replies, which it never requests; the adapter passes its own lazy
 * validator (mcp-server.adapter.ts). Should anything construct the SDK's default validator
 * anyway, the real package is loaded on that first use.
 */
import { requireBesideSdk } from './lazy-require';

export default function Ajv(...args: unknown[]): unknown {
  // `new Ajv(opts)` returns this object: a constructor may return an object instead of `this`.
  const Real = requireBesideSdk('ajv') as new (...a: unknown[]) => unknown;
  return new Real(...args);
}
