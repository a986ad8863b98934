import fc from 'fast-check';

/**
 * fast-check arbitraries for tool arguments, derived from each tool's advertised inputSchema
 * (the JSON Schema subset our framework emits: type — one or a type array whose other keywords
 * each constrain one type, docs/reference/protocol.md#schemas — anyOf, enum, pattern, minimum,
 * exclusiveMinimum, maximum, items, properties/required, additionalProperties), plus hostile
 * strings and mutations (wrong types, unknown keys, dropped required keys, huge strings, control
 * characters, lone surrogates).
 *
 * Safety: a few argument names could reach the host, so their values are pinned by name
 * (GenEnv.pinned): paths stay under a private directory, `socket_name` stays on private sockets,
 * `shell` (a command tmux runs) is never generated, `set_option`/`set_environment` only touch
 * harmless names. Everything else may be anything.
 */

export type Schema = Record<string, unknown> & {
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
};

export interface ToolSchema {
  name: string;
  inputSchema: Schema;
}

/** Markers embedded in generated strings: a text that contains one echoes generated input. */
export const MARKER_RE = /HZ[0-9a-f]{6}Q/;
export const marker = fc.integer({ min: 0, max: 0xffffff }).map((n) => `HZ${n.toString(16).padStart(6, '0')}Q`);

/** Shell, tmux-format, control-mode and encoding hazards (none runs anything harmful if executed). */
export const HOSTILE_TOKENS = [
  '#(true)',
  '$(true)',
  '`true`',
  ';',
  '\n',
  '\r\n',
  '%',
  '%%',
  '%1',
  '#{pane_id}',
  '#{E:status-right}',
  '#{T:@x}',
  '##',
  '#',
  "'",
  '"',
  '\\',
  '-',
  '--',
  '-t',
  '$',
  '$HOME',
  '~',
  '\u0000',
  '\u001b[31m',
  '\u0007',
  '\u007f',
  '\u009b',
  '\ud800',
  '\udfff',
  '\u2028',
  '\ufeff',
  '😀',
  'é',
  '%begin 1 2 0',
  '%end 1 2 0',
  '%exit',
  '%output %1 x',
  ' ',
  '',
  '.',
  ':',
  '..',
  '{',
  '}',
];

/** A printable or binary string, possibly carrying hostile tokens and a marker. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 12 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.array(fc.constantFrom(...HOSTILE_TOKENS), { minLength: 1, maxLength: 4 }), marker, fc.string({ maxLength: 6 }))
      .map(([tokens, m, tail]) => `${tokens.join('')}${m}${tail}`),
    weight: 6,
  },
  { arbitrary: fc.tuple(marker, fc.integer({ min: 2_000, max: 200_000 })).map(([m, n]) => `${m}${'A'.repeat(n)}${m}`), weight: 1 },
);

/** A file name with no path separator: paths built from it stay in their directory. */
export const safeFileName = fc
  .oneof(fc.string({ minLength: 1, maxLength: 10 }), hostileString)
  .map((s) => s.replace(/[/\u0000]/g, '_').slice(0, 200) || 'f')
  .map((s) => (s === '.' || s === '..' ? `${s}_` : s));

/** Values by argument name that must stay on this machine's private resources. */
export type Pinned = Record<string, fc.Arbitrary<unknown>>;

export interface GenEnv {
  pinned: Pinned;
  /** Pinned only for one tool (e.g. `set_option.option`). */
  pinnedFor?: Record<string, Pinned>;
  /** Live ids/names to target, by argument name (pane_id, window_id, session_id, session_name, buffer_name …). */
  live?: Record<string, string[]>;
}

function plainFor(key: string, env: GenEnv): fc.Arbitrary<string> {
  const live = env.live?.[key];
  return live && live.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...live), weight: 3 }, { arbitrary: hostileString, weight: 2 })
    : hostileString;
}

/** An arbitrary for one schema node; `key` is the argument name (for pinning and live targets). */
export function schemaArb(s: Schema, env: GenEnv, key = '', tool = ''): fc.Arbitrary<unknown> {
  const pin = env.pinnedFor?.[tool]?.[key] ?? env.pinned[key];
  if (pin) return pin;
  if (s.anyOf) return fc.oneof(...s.anyOf.map((b) => schemaArb(b, env, key, tool)));
  // A type array is a union: one branch per type, each reading only its own keywords (`null` joins
  // a nullable enum, so the enum branch covers it).
  if (Array.isArray(s.type) && !s.enum) return fc.oneof(...s.type.map((t) => schemaArb({ ...s, type: t }, env, key, tool)));
  if (s.enum) return fc.oneof({ arbitrary: fc.constantFrom(...s.enum), weight: 4 }, { arbitrary: hostileString, weight: 1 });
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(
        fc.integer({ min: s.minimum ?? -5, max: Math.max(s.minimum ?? -5, 0) + 50 }),
        fc.integer({ min: s.minimum ?? -(2 ** 31), max: s.maximum ?? 2 ** 31 - 1 }),
      );
    case 'number': {
      const min = s.exclusiveMinimum ?? s.minimum ?? -1e6;
      return fc.double({ min, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true, minExcluded: s.exclusiveMinimum !== undefined });
    }
    case 'string':
      if (s.pattern)
        return fc.oneof(
          { arbitrary: fc.stringMatching(new RegExp(s.pattern), { maxLength: 6 }), weight: 3 },
          { arbitrary: hostileString, weight: 1 },
        );
      return plainFor(key, env);
    case 'array':
      return fc.array(s.items ? schemaArb(s.items, env, key, tool) : fc.jsonValue(), { maxLength: 4 });
    case 'object': {
      if (s.properties) {
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(s.properties)) model[k] = schemaArb(v, env, k, tool);
        return fc.record(model, { requiredKeys: s.required ?? [] });
      }
      const val =
        typeof s.additionalProperties === 'object'
          ? schemaArb(s.additionalProperties, env, '', tool)
          : fc.oneof(hostileString, fc.integer(), fc.boolean());
      return fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.constantFrom('session_name', 'pane_id__contains', 'window_active', 'HZ_X', '__proto__', 'constructor', 'x__badop'),
        ),
        val,
        { maxKeys: 3 },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of some JSON type that a property schema does not accept (the marker rides along). */
export function wrongValues(m: string): unknown[] {
  return [m, 12345, -1, 0, 1.5, true, false, null, [m], { k: m }, [], {}];
}

export type Mutation =
  | { kind: 'wrongType'; pick: number; value: number }
  | { kind: 'unknownKey'; name: string }
  | { kind: 'dropRequired'; pick: number }
  | { kind: 'stringHazard'; pick: number; hazard: string };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('wrongType' as const), pick: fc.nat(), value: fc.nat() }),
  // `__proto__` included: the SDK's request parsing loses it, and the server's raw-arguments tap puts it back.
  fc.record({
    kind: fc.constant('unknownKey' as const),
    name: fc.constantFrom('hz_unknown', 'wait_for_previous', 'socket_path', 'Keys', 'constructor', 'toString', '__proto__'),
  }),
  fc.record({ kind: fc.constant('dropRequired' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('stringHazard' as const),
    pick: fc.nat(),
    hazard: fc.constantFrom('\ud800', '\udc00x', '\u0000', '\u001f', '\u007f', '\n', 'A'.repeat(300_000)),
  }),
);

/**
 * Applies one mutation to generated arguments; `accepts(key, value)` tells whether a property
 * schema takes a value. Pinned keys only ever get non-string wrong values (rejected by the schema),
 * so a mutation can never smuggle a real socket name, path or command past the pins.
 */
export function mutate(
  args: Record<string, unknown>,
  schema: Schema,
  mut: Mutation,
  m: string,
  accepts: (key: string, v: unknown) => boolean,
  pinned: ReadonlySet<string>,
): Record<string, unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const out = { ...args };
  if (mut.kind === 'unknownKey') {
    Object.defineProperty(out, mut.name, { value: `${m}-extra`, enumerable: true, configurable: true, writable: true });
    return out;
  }
  if (mut.kind === 'dropRequired') {
    const req = schema.required ?? [];
    if (req.length) delete out[req[mut.pick % req.length]];
    return out;
  }
  if (mut.kind === 'wrongType') {
    if (!keys.length) return out;
    const key = keys[mut.pick % keys.length];
    const bad = wrongValues(m).filter((v) => !accepts(key, v) && !(pinned.has(key) && typeof v === 'string'));
    if (bad.length) out[key] = bad[mut.value % bad.length];
    return out;
  }
  const free = keys.filter((k) => !pinned.has(k));
  if (free.length) out[free[mut.pick % free.length]] = `${m}${mut.hazard}`;
  return out;
}
