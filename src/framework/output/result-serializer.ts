import { Class, getParams } from '../metadata/param-metadata';
import type { OutputDecl } from '../metadata/tool-metadata';
import type { ToolResult } from '../pipeline/tool-result';

/**
 * Normalizes a model value to exactly its declared fields, in declaration order; absent optional
 * fields become null (SPEC C9), nested models and lists are normalized too.
 */
export function normalizeModel(cls: Class, value: unknown): Record<string, unknown> {
  const src = (value ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const p of getParams(cls)) {
    const v = src[p.name];
    if (v === undefined || v === null) out[p.name] = p.listOf ? (v === null && p.nullable ? null : []) : null;
    else if (p.model) out[p.name] = normalizeModel(p.model, v);
    else if (p.listOf) out[p.name] = (v as unknown[]).map((item) => normalizeModel(p.listOf!, item));
    else out[p.name] = v;
  }
  return out;
}

/**
 * Turns a tool's return value into an MCP result (SPEC §0, B5): model → compact JSON text +
 * structuredContent; string → text + `{result}`; list → JSON array text + `{result: [...]}`
 * (an empty list still gives one text block `[]`).
 */
export function serializeResult(out: OutputDecl, value: unknown): ToolResult {
  if (out === String) {
    const text = typeof value === 'string' ? value : String(value ?? '');
    return { content: [{ type: 'text', text }], structuredContent: { result: text } };
  }
  if (Array.isArray(out)) {
    const list = ((value ?? []) as unknown[]).map((v) => normalizeModel(out[0], v));
    return { content: [{ type: 'text', text: JSON.stringify(list) }], structuredContent: { result: list } };
  }
  const obj = normalizeModel(out as Class, value);
  return { content: [{ type: 'text', text: JSON.stringify(obj) }], structuredContent: obj };
}
