import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type CatalogRow = [string, 'readonly' | 'mutating' | 'destructive', boolean, boolean, boolean, boolean, string, string];

/** The rows of the catalog table of docs/reference/tools.md#catalog, prompt tools included. */
export function readCatalog(): CatalogRow[] {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'reference', 'tools.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Catalog'), doc.indexOf('\n## ', doc.indexOf('## Catalog') + 1));
  const rows: CatalogRow[] = [];
  for (const line of section.split('\n')) {
    const m =
      /^\| (\d+) \| \[([a-z_]+)\]\(#[a-z_]+\) \| (readonly|mutating|destructive) \| ([^|]+) \| ([TF]) ([TF]) ([TF]) ([TF]) \| [^|]+ \|\s*([^|]*?)\s*\|$/.exec(
        line,
      );
    if (!m) continue;
    const flag = (i: number) => m[i] === 'T';
    rows.push([m[2], m[3] as CatalogRow[1], flag(5), flag(6), flag(7), flag(8), m[4].trim(), m[9].trim()]);
  }
  return rows;
}

/**
 * The core tools of docs/reference/tools.md#catalog, in table order (the prompt tools, listed
 * only with prompts as tools, left out): [name, tier, readOnly, destructive, idempotent, openWorld,
 * title, notes]. A note `feature hosts` marks a tool listed only when its feature is on
 * (docs/reference/protocol.md#features). Read from the page, so the page is the one place it is written.
 */
export const CATALOG_TOOLS: CatalogRow[] = readCatalog().filter((t) => !t[7].includes('only with prompts as tools'));

type Tier = 'readonly' | 'mutating' | 'destructive';
const RANK: Record<Tier, number> = { readonly: 0, mutating: 1, destructive: 2 };

/** The feature a catalog tool needs, if any (docs/reference/protocol.md#features). */
export const featureOf = (notes: string): string | undefined => /\bfeature (\w+)/.exec(notes)?.[1];

/**
 * The catalog names a server lists at `tier` with `features` on, in registration order
 * (`hosts` is on when remote hosts are configured).
 */
export function catalogNames(tier: Tier, features: readonly string[] = []): string[] {
  return CATALOG_TOOLS.filter((t) => RANK[t[1]] <= RANK[tier])
    .filter((t) => {
      const f = featureOf(t[7]);
      return f === undefined || features.includes(f);
    })
    .map((t) => t[0]);
}
