/**
 * One process-wide metadata store, shared by every copy of this package that gets loaded.
 *
 * Why globalThis + Symbol.for (docs/architecture.md#plugins): a plugin may resolve its own copy of
 * `tmux-mcp-ts` (nested node_modules). Its decorators must still write into the store the server
 * reads, so the store lives on `globalThis[Symbol.for('tmux-mcp')]` rather than in a module
 * variable.
 */
export interface GlobalStore {
  readonly maps: Map<string, WeakMap<object, unknown>>;
  /** Change counters per map name (absent in stores made by older copies: created on use). */
  versions?: Map<string, number>;
}

const STORE_KEY = Symbol.for('tmux-mcp');

function store(): GlobalStore {
  const g = globalThis as unknown as Record<symbol, GlobalStore | undefined>;
  let s = g[STORE_KEY];
  if (!s) {
    s = { maps: new Map() };
    g[STORE_KEY] = s;
  }
  return s;
}

/** A typed WeakMap keyed by class, shared across package copies under `name`. */
export function sharedWeakMap<V>(name: string): WeakMap<object, V> {
  const s = store();
  let m = s.maps.get(name);
  if (!m) {
    m = new WeakMap();
    s.maps.set(name, m);
  }
  return m as WeakMap<object, V>;
}

/**
 * A change counter shared by every copy of the package: readers cache derived data (e.g. the
 * flattened params of a class) and recompute when any copy has written to the store since.
 */
export function sharedVersion(name: string): { get(): number; bump(): void } {
  const s = store();
  const versions = (s.versions ??= new Map<string, number>());
  return {
    get: () => versions.get(name) ?? 0,
    bump: () => void versions.set(name, (versions.get(name) ?? 0) + 1),
  };
}
