/** Stands in for `ajv-formats` inside the server bundle; see ajv.ts. */
import { requireBesideSdk } from './lazy-require';

export default function addFormats(...args: unknown[]): unknown {
  return (requireBesideSdk('ajv-formats') as (...a: unknown[]) => unknown)(...args);
}
