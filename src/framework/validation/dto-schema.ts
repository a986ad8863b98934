import { createRequire } from 'node:module';
import { constraintRow } from './constraint-table';
import { constraintName, dtoPlan, type PlanField, type ValidationMeta } from './dto-plan';
import type { Class, DefaultResolver, Features, JsonSchema } from '../types';

/**
 * The advertised input schema, derived from the same metadata the validator runs
 * (docs/reference/protocol.md#input-schemas): class-validator's constraints give types, bounds,
 * lengths, enums and patterns; our decorators give description, default and nullability. Nested
 * classes are inlined (no `$ref`), every object forbids extra keys. The shortest form that says
 * the same (docs/reference/protocol.md#schemas): a nullable field is a type array
 * (`"type": ["string", "null"]`), a union of kinds is one type array, a `null` default is left out (optional and nullable imply it), and keywords that
 * restate JSON Schema's defaults (`items: {}`, `additionalProperties: true`) are not written.
 */

/** Whether a field or tool that needs `feature` is part of a server with `features` on. */
export const featureOn = (feature: string | undefined, features: Features): boolean =>
  feature === undefined || features === undefined || features.has(feature);

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

/** The field's schema with `null` accepted too: `null` joins the type array or the enum. */
function withNull(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.enum)) {
    const out: JsonSchema = { ...s, enum: [...(s.enum as unknown[]), null] };
    if (typeof s.type === 'string') out.type = [s.type, 'null'];
    return out;
  }
  if (typeof s.type === 'string' && s.type !== 'null') return { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.type)) return { ...s, type: [...(s.type as string[]), 'null'] };
  // A plugin's own union (a fallback converter's `anyOf`), flattened to one level.
  const branches = Array.isArray(s.anyOf) && Object.keys(s).length === 1 ? (s.anyOf as JsonSchema[]) : [s];
  return { anyOf: [...branches, { type: 'null' }] };
}

function fieldSchema(f: PlanField, resolve?: DefaultResolver, features?: Features): JsonSchema {
  let s: JsonSchema = {};
  const itemBounds: JsonSchema = {};
  let items: JsonSchema | undefined;
  for (const m of f.constraints) {
    const name = constraintName(m);
    // From the constraint table (constraint-table.ts); undefined: outside it, null: nothing a schema carries.
    const schema = constraintRow(name)?.schema;
    if (schema === null) continue;
    if (schema && 'kind' in schema) {
      if (m.each) items = { ...schema.kind(m), ...(items ?? {}) };
      else if (s.type === undefined && s.anyOf === undefined && s.enum === undefined) s = { ...schema.kind(m), ...s };
      continue;
    }
    const bound = schema ? schema.bound(m) : fallbackConverter(name, m);
    if (bound) addBounds(m.each ? itemBounds : s, bound);
  }
  if (f.nested) {
    const obj = objectSchema(f.nested.cls, resolve, features);
    s = f.nested.list ? { ...s, type: 'array', items: obj } : { ...s, ...obj };
  } else if (items || Object.keys(itemBounds).length) {
    s = { ...s, type: 'array', items: { ...(items ?? {}), ...itemBounds } };
  }
  if (f.meta.nullable) s = withNull(s);
  const d = f.meta.default;
  const value = d && (d.from !== undefined && resolve ? resolve(d.from) : d.value);
  // A null default goes without saying: an optional nullable field is null when absent.
  if (d && value !== null && value !== undefined) s.default = value;
  if (f.meta.description) s.description = f.meta.description;
  return s;
}

/**
 * The inline JSON Schema of an input class (`additionalProperties: false` at every level). A
 * field that needs a feature the server does not have (`features`) is left out; the validator
 * then refuses it as an unknown argument.
 */
export function objectSchema(cls: Class, resolve?: DefaultResolver, features?: Features): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of dtoPlan(cls).fields) {
    if (!featureOn(f.meta.feature, features)) continue;
    properties[f.name] = fieldSchema(f, resolve, features);
    if (f.required) required.push(f.name);
  }
  const s: JsonSchema = { type: 'object', properties };
  if (required.length) s.required = required;
  s.additionalProperties = false;
  return s;
}
