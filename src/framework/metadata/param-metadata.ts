import type { Class, FieldOptions } from '../types';
import { sharedVersion, sharedWeakMap } from './global-store';

/** One declared field of an output model. */
export interface ParamEntry extends FieldOptions {
  readonly name: string;
}

const PARAMS = sharedWeakMap<ParamEntry[]>('params');
const PARAMS_VERSION = sharedVersion('params');
/** getParams results: validation and serialization read them on every call. */
const resolved = new WeakMap<object, { version: number; params: readonly ParamEntry[] }>();

export function addParam(target: object, entry: ParamEntry): void {
  const list = PARAMS.get(target) ?? [];
  const i = list.findIndex((p) => p.name === entry.name);
  if (i >= 0) list[i] = entry;
  else list.push(entry);
  PARAMS.set(target, list);
  PARAMS_VERSION.bump();
}

/**
 * Params of a DTO/model class in declaration order, including inherited ones (base first).
 * Cached per class until any copy of the package records another param; treat as read-only.
 */
export function getParams(cls: Class): readonly ParamEntry[] {
  const version = PARAMS_VERSION.get();
  const hit = resolved.get(cls);
  if (hit && hit.version === version) return hit.params;
  const params = Object.freeze(collectParams(cls));
  resolved.set(cls, { version, params });
  return params;
}

function collectParams(cls: Class): ParamEntry[] {
  const chain: object[] = [];
  let p: object | null = cls;
  while (p && p !== Function.prototype) {
    chain.unshift(p);
    p = Object.getPrototypeOf(p) as object | null;
  }
  const out: ParamEntry[] = [];
  for (const c of chain) {
    for (const e of PARAMS.get(c) ?? []) {
      const i = out.findIndex((o) => o.name === e.name);
      if (i >= 0) out[i] = e;
      else out.push(e);
    }
  }
  return out;
}
