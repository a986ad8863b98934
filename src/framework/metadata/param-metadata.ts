import type { FieldOptions } from '../decorators/param.decorator';
import { sharedVersion, sharedWeakMap } from './global-store';

/**
 * Class constructor type used throughout the framework. `never[]` parameters accept every
 * constructor, whatever it takes (a constructor with typed parameters is not assignable to
 * `unknown[]` ones); where a library types constructors with `any[]` (tsyringe,
 * class-transformer), the call site casts to that library's own type.
 */
export type Class<T = unknown> = new (...args: never[]) => T;

/**
 * The kinds of value a parameter (or output field) can hold.
 * - `string-map-or-json`: a `{string: string}` object or a JSON string of one (docs/reference/tools.md#environment-parameters).
 * - `scalar-map-or-json`: the same, but values may also be numbers, booleans or lists of scalars (docs/reference/tools.md#filters).
 * - `index`: an integer >= 0 or a string of digits (docs/reference/tools.md#index-and-size-inputs).
 * - `size`: an integer >= 1 or a string `^\d+%?$` (docs/reference/tools.md#index-and-size-inputs).
 * - `any`: any JSON value (output models only, e.g. option values).
 */
export type ParamKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'string[]'
  | 'object'
  | 'string-map'
  | 'string-map-or-json'
  | 'scalar-map-or-json'
  | 'index'
  | 'size'
  | 'any';

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
