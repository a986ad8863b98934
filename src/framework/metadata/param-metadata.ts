import type { Class, FieldOptions } from '../types';
import { fieldOrderVersion, lineage, orderFields } from './field-order';
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
 * Params of a DTO/model class in declaration order, including inherited ones (base first, a
 * `@TrailingFields()` base last: docs/architecture.md#field-order). Cached per class until any
 * copy of the package records another param; treat as read-only.
 */
export function getParams(cls: Class): readonly ParamEntry[] {
  const version = PARAMS_VERSION.get() + fieldOrderVersion();
  const hit = resolved.get(cls);
  if (hit && hit.version === version) return hit.params;
  const params = Object.freeze(collectParams(cls));
  resolved.set(cls, { version, params });
  return params;
}

/** A param declared again by a subclass keeps its place and takes the subclass's options. */
function collectParams(cls: Class): ParamEntry[] {
  const latest = new Map<string, ParamEntry>();
  for (const c of lineage(cls)) for (const e of PARAMS.get(c) ?? []) latest.set(e.name, e);
  return orderFields(cls, (c) => (PARAMS.get(c) ?? []).map((e) => e.name)).map((name) => latest.get(name)!);
}
