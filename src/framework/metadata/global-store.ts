/**
 * One process-wide metadata store, shared by every copy of this package that gets loaded.
 *
 * Why globalThis + Symbol.for (SPEC C33): a plugin may resolve its own copy of `tmux-mcp-ts`
 * (nested node_modules). Its decorators must still write into the store the server reads,
 * so the store lives on `globalThis[Symbol.for('tmux-mcp')]` rather than in a module variable.
 */
export interface GlobalStore {
  readonly maps: Map<string, WeakMap<object, unknown>>;
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
