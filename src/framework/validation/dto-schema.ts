import { createRequire } from 'node:module';
import type { Class } from '../metadata/param-metadata';
import { CONSTRAINT } from './constraints';
import type { DefaultResolver } from './dto-validator';
import { constraintName, dtoPlan, type PlanField, type ValidationMeta } from './dto-plan';
import { NO_CONTROL_CHARS_PATTERN } from './string-rules';

export type JsonSchema = Record<string, unknown>;

/**
 * The advertised input schema, derived from the same metadata the validator runs
 * (docs/reference/protocol.md#input-schemas): class-validator's constraints give types, bounds,
 * lengths, enums and patterns; our decorators give description, default and nullability. Nested
 * classes are inlined (no `$ref`), every object forbids extra keys, and a nullable field is
 * `anyOf [T, null]`.
 */

const SCALAR = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];

/** Schemas of the constraints that say what kind of value a field holds. */
const KIND: Record<string, (m: ValidationMeta) => JsonSchema> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isArray: () => ({ type: 'array', items: {} }),
  isObject: () => ({ type: 'object', additionalProperties: true }),
  isIn: (m) => enumSchema(m.constraints[0] as unknown[]),
  isEnum: (m) => enumSchema(Object.values(m.constraints[0] as object)),
  equals: (m) => enumSchema([m.constraints[0]]),
  [CONSTRAINT.INDEX]: (m) => ({
    anyOf: [
      { type: 'integer', minimum: 0 },
      { type: 'string', pattern: m.constraints[0] ? '^\\d*$' : '^\\d+$' },
    ],
  }),
  [CONSTRAINT.SIZE]: () => ({
    anyOf: [
      { type: 'integer', minimum: 1 },
      { type: 'string', pattern: '^\\d+%?$' },
    ],
  }),
  [CONSTRAINT.STRING_MAP]: () => ({ type: 'object', additionalProperties: { type: 'string' } }),
  [CONSTRAINT.STRING_MAP_OR_JSON]: () => ({ anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'string' }] }),
  [CONSTRAINT.SCALAR_MAP_OR_JSON]: () => ({
    anyOf: [
      { type: 'object', additionalProperties: { anyOf: [...SCALAR, { type: 'array', items: { anyOf: SCALAR } }] } },
      { type: 'string' },
    ],
  }),
};

/** Keywords added by the constraints that bound a value of that kind. */
const BOUND: Record<string, (m: ValidationMeta) => JsonSchema> = {
  min: (m) => ({ minimum: m.constraints[0] }),
  isPositive: () => ({ exclusiveMinimum: 0 }),
  max: (m) => ({ maximum: m.constraints[0] }),
  isNegative: () => ({ exclusiveMaximum: 0 }),
  maxLength: (m) => ({ maxLength: m.constraints[0] }),
  minLength: (m) => ({ minLength: m.constraints[0] }),
  matches: (m) => ({ pattern: (m.constraints[0] as RegExp).source }),
  [CONSTRAINT.NO_CONTROL_CHARS]: () => ({ pattern: NO_CONTROL_CHARS_PATTERN }),
  arrayMinSize: (m) => ({ minItems: m.constraints[0] }),
  arrayMaxSize: (m) => ({ maxItems: m.constraints[0] }),
};

/** Constraints that say nothing a schema can carry (presence and conditions). */
const SILENT = new Set(['isOptional', 'conditionalValidation', 'isDefined', 'whitelistValidation', 'nestedValidation']);

function enumSchema(values: unknown[]): JsonSchema {
  const types = new Set(values.map((v) => typeof v));
  return types.size === 1 && types.has('string') ? { type: 'string', enum: [...values] } : { enum: [...values] };
}

/**
 * For constraints outside our table (a plugin's `@IsEmail()`, `@IsUUID()` …), the converters of
 * class-validator-jsonschema. Loaded on first need only: it imports every validator class-validator
 * has, which would cost the server ~40 ms at start for schemas no core tool uses.
 */
let fallback: Record<string, unknown> | null | undefined;
function fallbackConverter(name: string, m: ValidationMeta): JsonSchema | undefined {
  if (fallback === undefined) {
    try {
      const req = createRequire(__filename);
      const mod = req('class-validator-jsonschema') as { defaultConverters?: Record<string, unknown> };
      fallback = mod.defaultConverters ?? null;
    } catch {
      fallback = null;
    }
  }
  const c = fallback?.[name];
  if (typeof c === 'function') return (c as (m: unknown, o: unknown) => JsonSchema | undefined)(m, {}) ?? undefined;
  return c && typeof c === 'object' ? (c as JsonSchema) : undefined;
}

/** Merges bound keywords; a second `pattern` goes into `allOf` (a schema has one pattern keyword). */
function addBounds(target: JsonSchema, extra: JsonSchema): void {
  for (const [k, v] of Object.entries(extra)) {
    if (k === 'pattern' && target.pattern !== undefined) target.allOf = [...((target.allOf as JsonSchema[]) ?? []), { pattern: v }];
    else if (!(k in target) || k !== 'type') target[k] = v;
  }
}

function fieldSchema(f: PlanField, resolve?: DefaultResolver): JsonSchema {
  let s: JsonSchema = {};
  const itemBounds: JsonSchema = {};
  let items: JsonSchema | undefined;
  for (const m of f.constraints) {
    const name = constraintName(m);
    if (SILENT.has(name)) continue;
    const kind = KIND[name];
    if (kind) {
      if (m.each) items = { ...kind(m), ...(items ?? {}) };
      else if (s.type === undefined && s.anyOf === undefined && s.enum === undefined) s = { ...kind(m), ...s };
      continue;
    }
    const bound = BOUND[name]?.(m) ?? fallbackConverter(name, m);
    if (bound) addBounds(m.each ? itemBounds : s, bound);
  }
  if (f.nested) {
    const obj = objectSchema(f.nested.cls, resolve);
    s = f.nested.list ? { ...s, type: 'array', items: obj } : { ...s, ...obj };
  } else if (items || Object.keys(itemBounds).length) {
    s = { ...s, type: 'array', items: { ...(items ?? {}), ...itemBounds } };
  }
  if (f.meta.nullable || f.optional) {
    // anyOf branches are flattened so `anyOf [object, string, null]` stays one level.
    const branches = Array.isArray(s.anyOf) && Object.keys(s).length === 1 ? (s.anyOf as JsonSchema[]) : [s];
    s = { anyOf: [...branches, { type: 'null' }] };
  }
  const d = f.meta.default;
  if (d) s.default = d.from !== undefined && resolve ? resolve(d.from) : d.value;
  if (f.meta.description) s.description = f.meta.description;
  return s;
}

/** The inline JSON Schema of an input class (`additionalProperties: false` at every level). */
export function objectSchema(cls: Class, resolve?: DefaultResolver): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of dtoPlan(cls).fields) {
    properties[f.name] = fieldSchema(f, resolve);
    if (f.required) required.push(f.name);
  }
  const s: JsonSchema = { type: 'object', properties };
  if (required.length) s.required = required;
  s.additionalProperties = false;
  return s;
}
