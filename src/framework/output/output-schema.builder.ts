import { getParams, ParamEntry } from '../metadata/param-metadata';
import type { Class, JsonSchema } from '../types';

/** JSON Schema of one output field's kind, without nullability or description. */
function baseSchema(p: ParamEntry): JsonSchema {
  if (p.model) return modelSchema(p.model);
  if (p.listOf) return { type: 'array', items: modelSchema(p.listOf) };
  if (p.enum) return { type: 'string', enum: [...p.enum] };
  switch (p.type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: p.type };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'object':
      return { type: 'object', additionalProperties: true };
    case 'string-map':
      return { type: 'object', additionalProperties: { type: 'string' } };
    case 'any':
    case undefined:
      return {};
    default:
      throw new TypeError(`@Field type '${p.type}' is an input kind`);
  }
}

function fieldSchema(p: ParamEntry): JsonSchema {
  const base = baseSchema(p);
  const s: JsonSchema = p.nullable && p.type !== 'any' ? { anyOf: [base, { type: 'null' }] } : { ...base };
  Object.assign(s, p.schema ?? {});
  if (p.description) s.description = p.description;
  return s;
}

/**
 * Inline schema of an output model: nested models are inlined (no `$ref`), extra keys are
 * forbidden, and every field is listed as required because the serializer always emits each
 * field, null when absent (docs/reference/protocol.md#output-schemas).
 */
export function modelSchema(cls: Class): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of getParams(cls)) properties[p.name] = fieldSchema(p);
  const required = Object.keys(properties);
  const s: JsonSchema = { type: 'object', properties };
  if (required.length) s.required = required;
  s.additionalProperties = false;
  return s;
}
