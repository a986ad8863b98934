import { Class, DefaultResolver, defaultOf, getParams, isRequired, ParamEntry } from '../metadata/param-metadata';

export type JsonSchema = Record<string, unknown>;

const INDEX_PATTERN = '^\\d+$';
const SIZE_PATTERN = '^\\d+%?$';

/** JSON Schema of one value kind, without nullability, default or description. */
function baseSchema(p: ParamEntry, mode: 'input' | 'output', rd?: DefaultResolver): JsonSchema {
  if (p.model) return objectSchema(p.model, mode, rd);
  if (p.listOf) return { type: 'array', items: objectSchema(p.listOf, mode, rd) };
  if (p.enum) return { type: 'string', enum: [...p.enum] };
  switch (p.type) {
    case 'string': {
      const s: JsonSchema = { type: 'string' };
      if (p.maxLength !== undefined) s.maxLength = p.maxLength;
      if (p.pattern !== undefined) s.pattern = p.pattern;
      return s;
    }
    case 'integer':
    case 'number': {
      const s: JsonSchema = { type: p.type };
      if (p.minimum !== undefined) s.minimum = p.minimum;
      if (p.exclusiveMinimum !== undefined) s.exclusiveMinimum = p.exclusiveMinimum;
      if (p.maximum !== undefined) s.maximum = p.maximum;
      return s;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'object':
      return { type: 'object', additionalProperties: true };
    case 'string-map':
      return { type: 'object', additionalProperties: { type: 'string' } };
    case 'string-map-or-json':
      return { anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'string' }] };
    case 'scalar-map-or-json': {
      const scalar = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];
      return {
        anyOf: [
          { type: 'object', additionalProperties: { anyOf: [...scalar, { type: 'array', items: { anyOf: scalar } }] } },
          { type: 'string' },
        ],
      };
    }
    case 'index':
      return {
        anyOf: [
          { type: 'integer', minimum: 0 },
          { type: 'string', pattern: p.schema?.allowEmpty ? '^\\d*$' : INDEX_PATTERN },
        ],
      };
    case 'size':
      return {
        anyOf: [
          { type: 'integer', minimum: 1 },
          { type: 'string', pattern: SIZE_PATTERN },
        ],
      };
    case 'any':
    case undefined:
      return {};
  }
}

export function propertySchema(p: ParamEntry, mode: 'input' | 'output', rd?: DefaultResolver): JsonSchema {
  const base = baseSchema(p, mode, rd);
  const { allowEmpty: _drop, ...extra } = (p.schema ?? {}) as Record<string, unknown>;
  let s: JsonSchema;
  if (p.nullable && p.type !== 'any') {
    // anyOf branches are flattened so `anyOf [object, string, null]` stays one level (SPEC §0).
    const branches = Array.isArray(base.anyOf) && Object.keys(base).length === 1 ? (base.anyOf as JsonSchema[]) : [base];
    s = { anyOf: [...branches, { type: 'null' }] };
  } else {
    s = { ...base };
  }
  Object.assign(s, extra);
  if (mode === 'input' && 'default' in p) s.default = defaultOf(p, rd);
  if (p.description) s.description = p.description;
  return s;
}

/**
 * Inline object schema of a DTO/model class: nested classes are inlined (no `$ref`), and every
 * object forbids extra keys (SPEC §0, C8). Output models list every field as required because
 * the serializer always emits each field, null when absent (SPEC C9).
 */
export function objectSchema(cls: Class, mode: 'input' | 'output', rd?: DefaultResolver): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of getParams(cls)) {
    properties[p.name] = propertySchema(p, mode, rd);
    if (mode === 'output' || isRequired(p)) required.push(p.name);
  }
  const s: JsonSchema = { type: 'object', properties };
  if (required.length) s.required = required;
  s.additionalProperties = false;
  return s;
}
