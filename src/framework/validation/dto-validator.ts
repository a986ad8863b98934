import { Class, DefaultResolver, defaultOf, getParams, isRequired, ParamEntry } from '../metadata/param-metadata';

/** One schema violation, pydantic-style (SPEC C11). Never carries the rejected value. */
export interface Violation {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface ValidationOutcome<T> {
  value?: T;
  violations: Violation[];
  /** Top-level argument names that the DTO does not declare (for the SPEC §3 suggestion). */
  unknownKeys: string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function literalMsg(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  return q.length <= 1 ? `Input should be ${q.join('')}` : `Input should be ${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

/** Strings must be well-formed (SPEC C31): no lone surrogates; NUL only where allowed; names free of C0/DEL (C23). */
function checkString(p: ParamEntry, v: string, loc: (string | number)[], out: Violation[]): void {
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v)) {
    out.push({ loc, msg: 'Value error, string contains an invalid (lone surrogate) character', type: 'value_error' });
    return;
  }
  if (!p.allowNul && v.includes('\u0000')) {
    out.push({ loc, msg: 'Value error, string must not contain NUL characters', type: 'value_error' });
    return;
  }
  if (p.noControlChars && /[\u0000-\u001f\u007f]/.test(v)) {
    out.push({ loc, msg: 'Value error, string must not contain control characters', type: 'value_error' });
    return;
  }
  if (p.maxLength !== undefined && Array.from(v).length > p.maxLength) {
    out.push({ loc, msg: `String should have at most ${p.maxLength} characters`, type: 'string_too_long' });
    return;
  }
  if (p.pattern !== undefined && !new RegExp(p.pattern, 'u').test(v))
    out.push({ loc, msg: `String should match pattern '${p.pattern}'`, type: 'string_pattern_mismatch' });
}

function checkBounds(p: ParamEntry, v: number, loc: (string | number)[], out: Violation[]): void {
  if (p.minimum !== undefined && v < p.minimum)
    out.push({ loc, msg: `Input should be greater than or equal to ${p.minimum}`, type: 'greater_than_equal' });
  else if (p.exclusiveMinimum !== undefined && v <= p.exclusiveMinimum)
    out.push({ loc, msg: `Input should be greater than ${p.exclusiveMinimum}`, type: 'greater_than' });
  else if (p.maximum !== undefined && v > p.maximum)
    out.push({ loc, msg: `Input should be less than or equal to ${p.maximum}`, type: 'less_than_equal' });
}

/** Validates one present, non-null value; returns the converted value. */
function checkValue(p: ParamEntry, v: unknown, loc: (string | number)[], out: Violation[], rd?: DefaultResolver): unknown {
  if (p.model) {
    const r = validateObject(p.model, v, loc, rd);
    out.push(...r.violations);
    return r.value;
  }
  if (p.listOf) {
    if (!Array.isArray(v)) {
      out.push({ loc, msg: 'Input should be a valid list', type: 'list_type' });
      return undefined;
    }
    return v.map((item, i) => {
      const r = validateObject(p.listOf!, item, [...loc, i], rd);
      out.push(...r.violations);
      return r.value;
    });
  }
  if (p.enum) {
    if (typeof v !== 'string' || !p.enum.includes(v)) out.push({ loc, msg: literalMsg(p.enum), type: 'literal_error' });
    return v;
  }
  switch (p.type) {
    case 'string':
      if (typeof v !== 'string') out.push({ loc, msg: 'Input should be a valid string', type: 'string_type' });
      else checkString(p, v, loc, out);
      return v;
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) out.push({ loc, msg: 'Input should be a valid integer', type: 'int_type' });
      else checkBounds(p, v, loc, out);
      return v;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) out.push({ loc, msg: 'Input should be a valid number', type: 'float_type' });
      else checkBounds(p, v, loc, out);
      return v;
    case 'boolean':
      if (typeof v !== 'boolean') out.push({ loc, msg: 'Input should be a valid boolean', type: 'bool_type' });
      return v;
    case 'string[]':
      if (!Array.isArray(v)) {
        out.push({ loc, msg: 'Input should be a valid list', type: 'list_type' });
        return v;
      }
      v.forEach((item, i) => {
        if (typeof item !== 'string') out.push({ loc: [...loc, i], msg: 'Input should be a valid string', type: 'string_type' });
        else checkString(p, item, [...loc, i], out);
      });
      return v;
    case 'object':
      if (!isPlainObject(v)) out.push({ loc, msg: 'Input should be a valid dictionary', type: 'dict_type' });
      return v;
    case 'scalar-map-or-json': {
      if (typeof v === 'string') {
        checkString(p, v, loc, out);
        return v;
      }
      if (!isPlainObject(v)) {
        out.push({ loc, msg: 'Input should be a valid dictionary or string', type: 'union_type' });
        return v;
      }
      const isScalar = (x: unknown) => typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x));
      const m: Record<string, unknown> = Object.create(null);
      for (const [k, val] of Object.entries(v)) {
        checkString(p, k, [...loc, k], out);
        if (isScalar(val) || (Array.isArray(val) && val.every(isScalar))) {
          for (const s of Array.isArray(val) ? val : [val]) if (typeof s === 'string') checkString(p, s, [...loc, k], out);
          m[k] = val;
        } else out.push({ loc: [...loc, k], msg: 'Input should be a string, number, boolean or a list of them', type: 'union_type' });
      }
      return m;
    }
    case 'string-map':
    case 'string-map-or-json': {
      if (typeof v === 'string' && p.type === 'string-map-or-json') {
        checkString(p, v, loc, out);
        return v;
      }
      if (!isPlainObject(v)) {
        out.push({
          loc,
          msg: p.type === 'string-map' ? 'Input should be a valid dictionary' : 'Input should be a valid dictionary or string',
          type: p.type === 'string-map' ? 'dict_type' : 'union_type',
        });
        return v;
      }
      // Own entries only, into a prototype-free map: `__proto__`/`constructor` keys survive (SPEC C8).
      const m: Record<string, string> = Object.create(null);
      for (const [k, val] of Object.entries(v)) {
        if (typeof val !== 'string') out.push({ loc: [...loc, k], msg: 'Input should be a valid string', type: 'string_type' });
        else {
          checkString(p, k, [...loc, k], out);
          checkString(p, val, [...loc, k], out);
          m[k] = val;
        }
      }
      return m;
    }
    case 'index': {
      const allowEmpty = Boolean(p.schema?.allowEmpty);
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return String(v);
      if (typeof v === 'string' && (allowEmpty ? /^\d*$/ : /^\d+$/).test(v)) return v;
      out.push({ loc, msg: 'Input should be a non-negative integer or a string of digits', type: 'union_type' });
      return v;
    }
    case 'size':
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1) return v;
      if (typeof v === 'string' && /^\d+%?$/.test(v)) return v;
      out.push({ loc, msg: "Input should be a positive integer or a string like '10' or '50%'", type: 'union_type' });
      return v;
    case 'any':
    case undefined:
      return v;
  }
}

/**
 * Validates raw arguments against a DTO class declared with `@Param` and returns an instance.
 * Unknown keys are checked on the raw object first (SPEC C8); defaults apply to absent keys;
 * `null` is accepted only for nullable params.
 */
export function validateObject<T>(cls: Class<T>, raw: unknown, loc: (string | number)[] = [], rd?: DefaultResolver): ValidationOutcome<T> {
  const violations: Violation[] = [];
  const unknownKeys: string[] = [];
  if (!isPlainObject(raw)) {
    violations.push({ loc, msg: 'Input should be a valid dictionary', type: 'dict_type' });
    return { violations, unknownKeys };
  }
  const params = getParams(cls);
  const known = new Set(params.map((p) => p.name));
  for (const k of Object.keys(raw)) {
    if (!known.has(k)) {
      unknownKeys.push(k);
      violations.push({ loc: [...loc, k], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    }
  }
  const instance = new cls() as Record<string, unknown>;
  for (const p of params) {
    const has = Object.prototype.hasOwnProperty.call(raw, p.name);
    const v = has ? raw[p.name] : undefined;
    if (!has || v === undefined) {
      if (isRequired(p)) violations.push({ loc: [...loc, p.name], msg: 'Field required', type: 'missing' });
      else instance[p.name] = structuredCloneDefault(defaultOf(p, rd));
      continue;
    }
    if (v === null) {
      if (p.nullable || p.type === 'any') instance[p.name] = null;
      else checkValue(p, v, [...loc, p.name], violations, rd);
      continue;
    }
    instance[p.name] = checkValue(p, v, [...loc, p.name], violations, rd);
  }
  return { value: violations.length ? undefined : (instance as T), violations, unknownKeys };
}

function structuredCloneDefault(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v;
}

/** Pydantic-style summary (SPEC C11): `N validation error(s) for <name>`, then `<loc>` / `  <msg> [type=<code>]`. */
export function formatViolations(title: string, violations: Violation[], keyRender: (k: string) => string): string {
  const n = violations.length;
  const lines = [`${n} validation error${n === 1 ? '' : 's'} for ${title}`];
  for (const v of violations) {
    lines.push(v.loc.map((l) => (typeof l === 'number' ? String(l) : keyRender(l))).join('.') || '(root)');
    lines.push(`  ${v.msg} [type=${v.type}]`);
  }
  return lines.join('\n');
}
