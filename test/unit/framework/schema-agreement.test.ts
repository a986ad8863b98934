import Ajv from 'ajv';
import fc from 'fast-check';
import type { DependencyContainer } from 'tsyringe';
import examplePlugin from '../../../examples/custom-tool/index';
import { enabledFeatures } from '../../../src/framework/tokens';
import { validateDto } from '../../../src/framework/validation/dto-validator';
import { createServer, type TmuxMcpServer } from '../../../src/server/create-server';
import { CATALOG_TOOLS } from '../../helpers/catalog-tools';
import type { Class } from '../../../src/framework/types';

/**
 * The advertised input schema and the validation agree (docs/reference/protocol.md#input-schemas),
 * for every core tool (all tiers, prompts-as-tools included) and the example plugin's tool:
 * - every value generated from the schema passes validation;
 * - every value that breaks exactly one constraint of the schema (a wrong type, a bound, a
 *   length, an enum, a pattern, a missing required key, an unknown key — at any nesting level)
 *   fails with exactly one violation, at that place, with the code that constraint stands for.
 * Strings are generated under the rule every string argument obeys, which the schema does not
 * repeat per field: well-formed Unicode, no NUL (docs/reference/protocol.md#strings).
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
};

const ajv = new Ajv({ strict: false, allErrors: true });
const accepts = (s: Schema, v: unknown): boolean => ajv.validate(s, v);
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (s: string): boolean => !LONE_SURROGATE.test(s) && !s.includes('\u0000');
const codePoints = (s: string): number => Array.from(s).length;

function stringArb(s: Schema): fc.Arbitrary<string> {
  const patterns = [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter((p): p is string => typeof p === 'string');
  const base = patterns.length ? fc.stringMatching(new RegExp(patterns[0], 'u')) : fc.string({ unit: 'binary', maxLength: 40 });
  return base.filter(
    (x) =>
      wellFormed(x) && patterns.every((p) => new RegExp(p, 'u').test(x)) && (s.maxLength === undefined || codePoints(x) <= s.maxLength),
  );
}

/** The keywords that constrain one JSON type only (docs/reference/protocol.md#schemas). */
const TYPE_KEYWORDS: Record<string, string[]> = {
  integer: ['minimum', 'maximum', 'exclusiveMinimum'],
  number: ['minimum', 'maximum', 'exclusiveMinimum'],
  string: ['pattern', 'maxLength', 'allOf'],
  array: ['items'],
  object: ['properties', 'required', 'additionalProperties'],
};

/** A union as branches: `anyOf`, or a type array split into one schema per type with its own keywords. */
function branchesOf(s: Schema): Schema[] {
  if (s.anyOf) return s.anyOf;
  if (!Array.isArray(s.type)) return [s];
  return s.type.map((t) => {
    const b: Schema = { type: t };
    for (const k of TYPE_KEYWORDS[t] ?? []) if (k in s) b[k] = s[k];
    if (s.enum) b.enum = s.enum.filter((v) => (t === 'null' ? v === null : v !== null));
    return b;
  });
}

/** Values valid under a schema of the subset our framework emits. */
function arb(s: Schema): fc.Arbitrary<unknown> {
  const branches = branchesOf(s);
  if (branches.length > 1 || branches[0] !== s) return fc.oneof(...branches.map(arb));
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArb(s);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      return fc.integer({ min, max: s.maximum ?? min + 100_000 });
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
      return fc
        .double({ min, max: s.maximum ?? min + 1000, noNaN: true, noDefaultInfinity: true })
        .filter((x) => s.exclusiveMinimum === undefined || x > s.exclusiveMinimum);
    }
    case 'array':
      return fc.array(arb(s.items ?? {}), { maxLength: 3 });
    case 'object': {
      if (s.properties) {
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(s.properties)) record[k] = arb(v);
        return fc.record(record, { requiredKeys: s.required ?? [] });
      }
      const ap = s.additionalProperties;
      const key = fc.string({ unit: 'binary', maxLength: 8 }).filter(wellFormed);
      return fc.dictionary(key, typeof ap === 'object' ? arb(ap) : fc.jsonValue(), { maxKeys: 3 });
    }
    default:
      return fc.jsonValue();
  }
}

/** One way to break a valid value: the new value (or deletion) and the violation it must cause. */
interface Break {
  loc: (string | number)[];
  value?: unknown;
  remove?: boolean;
  code: string;
}

const KIND_CODE: Record<string, string> = {
  string: 'string_type',
  integer: 'int_type',
  number: 'float_type',
  boolean: 'bool_type',
  array: 'list_type',
  object: 'dict_type',
};
const NO_CONTROL = '^[^\\u0000-\\u001f\\u007f]*$';

/** Breaks of one value under schema `s` (its own kind, bounds and contents). */
function breaks(s: Schema, valid: unknown): Break[] {
  const out: Break[] = [];
  const branches = branchesOf(s);
  const real = branches.filter((b) => b.type !== 'null');
  if (!real.length) return out;
  const kind = real.length > 1 ? 'union_type' : real[0].enum ? 'literal_error' : KIND_CODE[String(real[0].type ?? '')];
  if (kind) for (const cand of [true, 12.5, 'zz', [], {}, null]) if (!accepts(s, cand)) out.push({ loc: [], value: cand, code: kind });
  if (real.length > 1 || valid === null) {
    // Reach into the branch the valid value took (maps inside a map-or-JSON union).
    const taken = real.find((b) => accepts(b, valid));
    if (taken && taken.type === 'object' && !taken.properties) out.push(...breaks(taken, valid).filter((b) => b.loc.length));
    return out;
  }
  const t = real[0];
  if (t.type === 'string' && !t.enum) {
    if (t.maxLength !== undefined) out.push({ loc: [], value: 'a'.repeat(t.maxLength + 1), code: 'string_too_long' });
    for (const p of [t.pattern, ...(t.allOf ?? []).map((a) => a.pattern)]) {
      if (typeof p !== 'string') continue;
      const bad = [' ', 'a\u0001b', '(', 'a b', '-x-'].find(
        (c) => !new RegExp(p, 'u').test(c) && accepts({ ...t, pattern: undefined, allOf: undefined }, c),
      );
      if (bad !== undefined) out.push({ loc: [], value: bad, code: p === NO_CONTROL ? 'value_error' : 'string_pattern_mismatch' });
    }
  }
  if (t.type === 'integer' || t.type === 'number') {
    if (t.minimum !== undefined) out.push({ loc: [], value: t.minimum - 1, code: 'greater_than_equal' });
    if (t.exclusiveMinimum !== undefined) out.push({ loc: [], value: t.exclusiveMinimum, code: 'greater_than' });
    if (t.maximum !== undefined) out.push({ loc: [], value: t.maximum + 1, code: 'less_than_equal' });
  }
  if (t.type === 'array' && Array.isArray(valid) && t.items) {
    const item: unknown = valid.length ? valid[0] : undefined;
    if (item !== undefined)
      for (const b of t.items.properties ? objectBreaks(t.items, item as Record<string, unknown>) : breaks(t.items, item))
        out.push({ ...b, loc: [0, ...b.loc], value: b.remove ? undefined : b.value, remove: b.remove });
  }
  if (t.type === 'object' && t.properties && valid && typeof valid === 'object')
    out.push(...objectBreaks(t, valid as Record<string, unknown>));
  if (t.type === 'object' && !t.properties && typeof t.additionalProperties === 'object') {
    const ap = t.additionalProperties;
    const bad = [12.5, {}, true].find((c) => !accepts(ap, c));
    const apKind = branchesOf(ap).length > 1 ? 'union_type' : (KIND_CODE[String(ap.type ?? '')] ?? 'union_type');
    if (bad !== undefined) out.push({ loc: ['k'], value: bad, code: apKind });
  }
  return out;
}

/** Breaks of an object level: a required key removed, an unknown key added, any field broken. */
function objectBreaks(s: Schema, valid: Record<string, unknown>): Break[] {
  const out: Break[] = [];
  for (const r of s.required ?? []) out.push({ loc: [r], remove: true, code: 'missing' });
  out.push({ loc: ['zz_unknown'], value: 1, code: 'extra_forbidden' });
  for (const [k, ps] of Object.entries(s.properties ?? {})) {
    const v = k in valid ? valid[k] : undefined;
    for (const b of breaks(ps, v === undefined ? (ps.default ?? null) : v)) out.push({ ...b, loc: [k, ...b.loc] });
  }
  return out;
}

/** `valid` with one break applied (a structured copy; the path may need a container built). */
function apply(valid: Record<string, unknown>, b: Break): Record<string, unknown> {
  const copy = structuredClone(valid);
  let node: Record<string | number, unknown> = copy;
  for (let i = 0; i < b.loc.length - 1; i++) {
    const key = b.loc[i];
    const next = b.loc[i + 1];
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof next === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = b.loc[b.loc.length - 1];
  if (b.remove) delete node[last];
  else node[last] = b.value;
  return copy;
}

describe('input schemas and validation agree (property test over every tool)', () => {
  let app: TmuxMcpServer;
  let tools: { name: string; schema: Schema; input: Class; resolve: (t: symbol) => unknown }[];
  let features: ReadonlySet<string> | undefined;

  beforeAll(async () => {
    app = await createServer({
      // With a host configured, so `host` and list_hosts are in the schemas too (docs/reference/protocol.md#features).
      config: { safety: 'destructive', promptsAsTools: true, socketName: 'tmux-mcp-test-schema-agreement', hosts: ['user@agreement-host'] },
      plugins: [examplePlugin],
    });
    const c: DependencyContainer = app.container;
    features = enabledFeatures(c);
    tools = app.dispatcher.list().map((d) => ({
      name: d.name,
      schema: d.inputSchema,
      input: d.meta.input,
      resolve: (t: symbol) => c.resolve(t),
    }));
  });
  afterAll(() => app.close());

  it('covers every core tool, the prompts-as-tools pair and the example tool', () => {
    expect(tools.length).toBe(62);
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['pane_tree', 'get_prompt', 'run_command', 'call_mutating_tools_batch', 'list_hosts']),
    );
    expect(tools.map((t) => t.name).sort()).toEqual([...CATALOG_TOOLS.map((t) => t[0]), 'list_prompts', 'get_prompt', 'pane_tree'].sort());
  });

  it('every value generated from the schema validates', () => {
    for (const t of tools) {
      fc.assert(
        fc.property(arb(t.schema), (raw) => {
          const v = wire(raw) as Record<string, unknown>;
          if (!accepts(t.schema, v)) throw new Error(`${t.name}: generator made a value the schema rejects: ${ajv.errorsText()}`);
          const r = validateDto(t.input, v, t.resolve, features);
          if (r.violations.length)
            throw new Error(`${t.name}: schema-valid ${JSON.stringify(v)} rejected: ${JSON.stringify(r.violations)}`);
        }),
        { numRuns: 40, seed: 20261124 },
      );
    }
  });

  it('every value that breaks one constraint fails with that constraint code, at that place', () => {
    let checked = 0;
    const codes = new Set<string>();
    for (const t of tools) {
      fc.assert(
        fc.property(arb(t.schema), fc.nat(), (raw, pick) => {
          const valid = wire(raw) as Record<string, unknown>;
          const all = objectBreaks(t.schema, valid);
          const b = all[pick % all.length];
          const bad = wire(apply(valid, b));
          if (accepts(t.schema, bad)) return; // the change happened to stay valid (e.g. a value that equals a default shape)
          const r = validateDto(t.input, bad, t.resolve, features);
          const got = r.violations.map((x) => `${x.loc.join('.')}:${x.type}`);
          const want = `${b.loc.join('.')}:${b.code}`;
          if (got.length !== 1 || got[0] !== want)
            throw new Error(`${t.name}: ${JSON.stringify(bad)} should fail as ${want}, got ${JSON.stringify(got)}`);
          checked++;
          codes.add(b.code);
        }),
        { numRuns: 60, seed: 20261124 },
      );
    }
    expect(checked).toBeGreaterThan(tools.length * 30);
    for (const code of [
      'missing',
      'extra_forbidden',
      'string_type',
      'int_type',
      'float_type',
      'bool_type',
      'list_type',
      'dict_type',
      'literal_error',
      'union_type',
      'greater_than_equal',
      'greater_than',
      'string_too_long',
      'string_pattern_mismatch',
      'value_error',
    ])
      expect(codes).toContain(code);
  });
});

describe('without hosts, schemas and validation agree that host does not exist (docs/reference/protocol.md#features)', () => {
  let app: TmuxMcpServer;
  let tools: { name: string; schema: Schema; input: Class; resolve: (t: symbol) => unknown }[];
  let features: ReadonlySet<string> | undefined;

  beforeAll(async () => {
    app = await createServer({
      config: { safety: 'destructive', promptsAsTools: true, socketName: 'tmux-mcp-test-schema-agreement', hosts: [] },
      plugins: [examplePlugin],
    });
    const c: DependencyContainer = app.container;
    features = enabledFeatures(c);
    tools = app.dispatcher
      .list()
      .map((d) => ({ name: d.name, schema: d.inputSchema, input: d.meta.input, resolve: (t: symbol) => c.resolve(t) }));
  });
  afterAll(() => app.close());

  it('lists every tool but list_hosts, and no schema has host', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(
      [...CATALOG_TOOLS.map((t) => t[0]).filter((n) => n !== 'list_hosts'), 'list_prompts', 'get_prompt', 'pane_tree'].sort(),
    );
    for (const t of tools) expect([t.name, 'host' in (t.schema.properties ?? {})]).toEqual([t.name, false]);
  });

  it('a schema-valid value plus host is rejected by the schema and by validation, as host:extra_forbidden only', () => {
    for (const t of tools) {
      fc.assert(
        fc.property(arb(t.schema), fc.constantFrom<unknown>(null, 'local', 'user@box'), (raw, host) => {
          const v = { ...(wire(raw) as Record<string, unknown>), host };
          if (accepts(t.schema, v)) throw new Error(`${t.name}: the schema accepts host`);
          const got = validateDto(t.input, v, t.resolve, features).violations.map((x) => `${x.loc.join('.')}:${x.type}`);
          if (got.length !== 1 || got[0] !== 'host:extra_forbidden') throw new Error(`${t.name}: host gave ${JSON.stringify(got)}`);
        }),
        { numRuns: 10, seed: 20261124 },
      );
    }
  });
});
