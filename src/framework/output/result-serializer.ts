import { getParams, ParamEntry } from '../metadata/param-metadata';
import type { OutputDecl } from '../metadata/tool-metadata';
import type { ToolResult } from '../pipeline/tool-result';
import { shapeTemplate } from './shape-template';
import type { Class } from '../types';

/** How one model is normalized, worked out once per class (and again if its params change). */
interface Plan {
  readonly params: readonly ParamEntry[];
  readonly names: readonly string[];
  /** A copy of it is the result: every field in order, null until set (see shapeTemplate). */
  readonly template: Record<string, unknown>;
  /** Only scalar fields: the common case, one loop of plain copies. */
  readonly flat: boolean;
}

const plans = new WeakMap<Class, Plan>();

function planOf(cls: Class): Plan {
  const params = getParams(cls);
  const known = plans.get(cls);
  if (known && known.params === params) return known;
  const names = params.map((p) => p.name);
  const plan = { params, names, template: shapeTemplate(names, null), flat: params.every((p) => !p.listOf && !p.model) };
  plans.set(cls, plan);
  return plan;
}

/**
 * Normalizes a model value to exactly its declared fields, in declaration order; absent optional
 * fields become null (docs/reference/protocol.md#output-schemas), nested models and lists are normalized too.
 *
 * Each result is a copy of one template per model, so all objects of a model share one fixed
 * shape (see shapeTemplate).
 */
export function normalizeModel(cls: Class, value: unknown): Record<string, unknown> {
  const { params, names, template, flat } = planOf(cls);
  const src = (value ?? {}) as Record<string, unknown>;
  const out = { ...template };
  if (flat) {
    for (let i = 0; i < names.length; i++) {
      const v = src[names[i]];
      if (v != null) out[names[i]] = v;
    }
    return out;
  }
  for (let i = 0; i < params.length; i++) {
    const { name, listOf, model, nullable } = params[i];
    const v = src[name];
    if (v == null) {
      // An absent list is [], an explicit null stays null only where the list is nullable.
      if (listOf && !(nullable && v === null)) out[name] = [];
    } else if (listOf) out[name] = (v as unknown[]).map((x) => normalizeModel(listOf, x));
    else out[name] = model ? normalizeModel(model, v) : v;
  }
  return out;
}

/**
 * Turns a tool's return value into an MCP result (docs/reference/protocol.md#result-shapes): model → compact JSON text +
 * structuredContent; string → text + `{result}`; list → JSON array text + `{result: [...]}`
 * (an empty list still gives one text block `[]`).
 */
export function serializeResult(out: OutputDecl, value: unknown): ToolResult {
  if (out === String) {
    const text = typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value);
    return { content: [{ type: 'text', text }], structuredContent: { result: text } };
  }
  if (Array.isArray(out)) {
    const cls = out[0];
    const list = ((value ?? []) as unknown[]).map((v) => normalizeModel(cls, v));
    return { content: [{ type: 'text', text: JSON.stringify(list) }], structuredContent: { result: list } };
  }
  const obj = normalizeModel(out as Class, value);
  return { content: [{ type: 'text', text: JSON.stringify(obj) }], structuredContent: obj };
}
