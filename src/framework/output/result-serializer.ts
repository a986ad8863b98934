import { Class, getParams, ParamEntry } from '../metadata/param-metadata';
import type { OutputDecl } from '../metadata/tool-metadata';
import type { ToolResult } from '../pipeline/tool-result';

type Normalizer = (value: unknown) => Record<string, unknown>;

/** Per model class: the params it was built from (getParams is cached) and the function. */
const normalizers = new WeakMap<Class, { params: readonly ParamEntry[]; fn: Normalizer }>();

/**
 * Normalizes a model value to exactly its declared fields, in declaration order; absent optional
 * fields become null (SPEC C9), nested models and lists are normalized too.
 */
export function normalizeModel(cls: Class, value: unknown): Record<string, unknown> {
  const params = getParams(cls);
  let n = normalizers.get(cls);
  if (!n || n.params !== params) {
    n = { params, fn: compileNormalizer(params) };
    normalizers.set(cls, n);
  }
  return n.fn(value);
}

/**
 * Builds the normalizer of one model as a single object literal. Why generated code: the
 * generic loop (`out[name] = …` with a variable key) gave every result object a dictionary
 * shape, and list_panes spent most of its framework time building and JSON-encoding those
 * (bench 1). A literal gives all objects of a model one fast hidden class. Names are embedded
 * only through JSON.stringify (any string is safe); `__proto__` is a computed key so it stays
 * an own property. Nested models go through normalizeModel lazily (models may be recursive).
 */
function compileNormalizer(params: readonly ParamEntry[]): Normalizer {
  const nested: Normalizer[] = [];
  const props = params.map((p) => {
    const key = JSON.stringify(p.name);
    const prop = p.name === '__proto__' ? `[${key}]` : key;
    const get = `(v = s[${key}])`;
    if (p.listOf) {
      const cls = p.listOf;
      nested.push((x) => normalizeModel(cls, x));
      const absent = p.nullable ? '(v === null ? null : [])' : '[]';
      return `${prop}: ${get} == null ? ${absent} : v.map(nested[${nested.length - 1}])`;
    }
    if (p.model) {
      const cls = p.model;
      nested.push((x) => normalizeModel(cls, x));
      return `${prop}: ${get} == null ? null : nested[${nested.length - 1}](v)`;
    }
    return `${prop}: ${get} == null ? null : v`;
  });
  const body = `return function normalize(value) { const s = value ?? {}; let v; return { ${props.join(', ')} }; };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('nested', body)(nested) as Normalizer;
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
    const cls = out[0];
    const list = ((value ?? []) as unknown[]).map((v) => normalizeModel(cls, v));
    return { content: [{ type: 'text', text: JSON.stringify(list) }], structuredContent: { result: list } };
  }
  const obj = normalizeModel(out as Class, value);
  return { content: [{ type: 'text', text: JSON.stringify(obj) }], structuredContent: obj };
}
