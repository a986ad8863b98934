/**
 * Whether a Node version satisfies package.json's `engines.node`
 * (docs/reference/configuration.md#start-up). Only the forms that field uses: alternatives joined
 * by `||`, each `^X.Y.Z`, `>=X.Y.Z` or `X.Y.Z`; a range it cannot read is taken as satisfied.
 */
export function satisfiesEngines(version: string, range: string): boolean {
  const v = parse(version);
  if (!v) return true;
  const alternatives = range.split('||').map((r) => r.trim());
  for (const alt of alternatives) {
    const m = /^(\^|>=)?\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(alt);
    if (!m) return true;
    const min = [Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)];
    if (m[1] === '^' ? v[0] === min[0] && compare(v, min) >= 0 : m[1] === '>=' ? compare(v, min) >= 0 : compare(v, min) === 0) return true;
  }
  return false;
}

/** The one start-up warning for a Node outside `engines.node`, or null. */
export function nodeEnginesWarning(version: string, range: string | undefined): string | null {
  if (!range || satisfiesEngines(version, range)) return null;
  return `Node ${version} is not a supported version (package.json engines: node ${range}); some features may fail`;
}

function parse(version: string): number[] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
