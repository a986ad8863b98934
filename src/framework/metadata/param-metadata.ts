import { sharedVersion, sharedWeakMap } from './global-store';

/** Class constructor type used throughout the framework. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class<T = any> = new (...args: any[]) => T;

/**
 * The kinds of value a parameter (or output field) can hold.
 * - `string-map-or-json`: a `{string: string}` object or a JSON string of one (SPEC §1.3 environment).
 * - `scalar-map-or-json`: the same, but values may also be numbers, booleans or lists of scalars (filters, SPEC C22).
 * - `index`: an integer >= 0 or a string of digits (SPEC B26).
 * - `size`: an integer >= 1 or a string `^\d+%?$` (SPEC C25).
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

export interface ParamOptions {
  /** Scalar kind, or omit when `model` / `list` is given. */
  type?: ParamKind;
  /** A nested DTO/model class (object). */
  model?: Class;
  /** A list of nested DTO/model class instances. */
  listOf?: Class;
  /** `null` is an accepted value (schema `anyOf [T, null]`). */
  nullable?: boolean;
  /** Default applied when absent (and when null, if `nullDefault`). Its presence makes the param optional. */
  default?: unknown;
  /**
   * A DI token whose value replaces `default` for this server (e.g. a default that comes from
   * configuration). The advertised schema and the applied default both use it.
   */
  defaultFrom?: symbol;
  /** Optional without a default (output models only: field may be omitted). */
  optional?: boolean;
  /** Allowed literal values (schema `enum`, error `literal_error`). */
  enum?: readonly string[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  /** A JavaScript regular expression (source) strings must match (error `string_pattern_mismatch`). */
  pattern?: string;
  /** Max length in code points (error `string_too_long`). */
  maxLength?: number;
  /** Allow NUL characters (SPEC C31: only `text` and `content`). */
  allowNul?: boolean;
  /** Reject C0 control characters and DEL (SPEC C23: names and titles). */
  noControlChars?: boolean;
  description?: string;
  /** Extra JSON Schema properties merged into this property's schema. */
  schema?: Record<string, unknown>;
}

export interface ParamEntry extends ParamOptions {
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
    p = Object.getPrototypeOf(p);
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

/** Resolves `defaultFrom` tokens; without one, params keep their static default. */
export type DefaultResolver = (token: symbol) => unknown;

export function defaultOf(p: ParamEntry, resolve?: DefaultResolver): unknown {
  return p.defaultFrom !== undefined && resolve ? resolve(p.defaultFrom) : p.default;
}

export function isRequired(p: ParamEntry): boolean {
  return !('default' in p) && !p.optional;
}
