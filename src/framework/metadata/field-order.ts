import type { Class } from '../types';
import { sharedVersion, sharedWeakMap } from './global-store';

/**
 * Where inherited fields go (docs/architecture.md#field-order). By default a class's fields follow
 * its base's. A class marked trailing (`@TrailingFields()`) is a fragment that ends every class
 * extending it: its whole list (its own fields after those it inherits, ordered by these same
 * rules) comes after the fields its subclasses add. With `@TrailingFields() class Server {
 * socket_name; host }` and `class Kill extends Server { id }` the order is id, socket_name, host;
 * a class below Server that is not marked puts its fields before its subclasses' and keeps
 * Server's at the end.
 */
const TRAILING = sharedWeakMap<true>('trailing-fields');
const VERSION = sharedVersion('trailing-fields');

export function markTrailing(cls: object): void {
  TRAILING.set(cls, true);
  VERSION.bump();
}

export const isTrailing = (cls: object): boolean => TRAILING.has(cls);

/** Changes whenever any copy of the package marks a class (caches of field lists add it to their key). */
export const fieldOrderVersion = (): number => VERSION.get();

/** `cls` and its bases, base first. */
export function lineage(cls: Class): Class[] {
  const chain: Class[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c as Class);
  return chain;
}

/**
 * The classes of a lineage (base first) in the order their own fields appear: a class extending a
 * trailing one starts a new leading part, and everything before it becomes the front of the tail.
 */
function classOrder(chain: readonly Class[]): Class[] {
  let lead: Class[] = [];
  let trail: Class[] = [];
  chain.forEach((c, i) => {
    if (i > 0 && isTrailing(chain[i - 1])) {
      trail = [...lead, ...trail];
      lead = [c];
    } else lead.push(c);
  });
  return [...lead, ...trail];
}

/**
 * Field names of `cls` in order. `own(c)` lists the fields class `c` itself declares, in
 * declaration order. A field a subclass declares again keeps the place its first declaration gives
 * it (the caller merges what the declarations say).
 */
export function orderFields(cls: Class, own: (c: Class) => Iterable<string>): string[] {
  const chain = lineage(cls);
  const seen = new Set<string>();
  const declared = new Map<Class, string[]>();
  for (const c of chain) {
    const names: string[] = [];
    for (const name of own(c)) {
      if (seen.has(name)) continue;
      seen.add(name);
      names.push(name);
    }
    declared.set(c, names);
  }
  return classOrder(chain).flatMap((c) => declared.get(c)!);
}
