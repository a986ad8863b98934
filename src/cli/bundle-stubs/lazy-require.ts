import { createRequire } from 'node:module';

/**
 * Loads a package the bundle left out, on first use, from the SDK's own location (ajv is the
 * SDK's dependency, not ours). See ajv.ts.
 */
export function requireBesideSdk(name: string): unknown {
  const fromSdk = createRequire(createRequire(__filename).resolve('@modelcontextprotocol/sdk/server/index.js'));
  const mod = fromSdk(name) as { default?: unknown };
  return mod.default ?? mod;
}
