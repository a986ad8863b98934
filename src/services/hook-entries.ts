import type { HookEntry } from '../models/hook-entry.model';

const INDEXED = /^(.+)\[(\d+)\]$/;

/**
 * Parses `show-hooks` lines (docs/reference/tools.md#hooks): `name[3] command` → {name, 3,
 * command}; `name command` → index null; a bare `name` (an unset hook) yields nothing. Entries are
 * sorted by the raw key as text (so `x[10]` comes before `x[2]`); the first occurrence of a key
 * wins when two listings (`-g` and `-gw`) are merged.
 */
export function parseHookLines(lines: readonly string[]): HookEntry[] {
  const byKey = new Map<string, HookEntry>();
  for (const line of lines) {
    const sp = line.indexOf(' ');
    if (sp <= 0) continue;
    const key = line.slice(0, sp);
    if (byKey.has(key)) continue;
    const m = INDEXED.exec(key);
    byKey.set(key, { hook_name: m ? m[1] : key, index: m ? Number(m[2]) : null, command: line.slice(sp + 1) });
  }
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
}
