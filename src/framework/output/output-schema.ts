import type { OutputDecl } from '../metadata/tool-metadata';
import { modelSchema } from './output-schema.builder';
import type { JsonSchema } from '../types';

export type OutputKind = 'text' | 'model' | 'list';

export function outputKind(out: OutputDecl): OutputKind {
  if (out === String) return 'text';
  return Array.isArray(out) ? 'list' : 'model';
}

/**
 * Advertised outputSchema (docs/reference/protocol.md#output-schemas), with no framework keywords such as
 * x-fastmcp (docs/reference/protocol.md#no-framework-artifacts).
 */
export function outputSchemaOf(out: OutputDecl): JsonSchema {
  if (out === String)
    return { type: 'object', properties: { result: { type: 'string' } }, required: ['result'], additionalProperties: false };
  if (Array.isArray(out))
    return {
      type: 'object',
      properties: { result: { type: 'array', items: modelSchema(out[0]) } },
      required: ['result'],
      additionalProperties: false,
    };
  return modelSchema(out);
}
