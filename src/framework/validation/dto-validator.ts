import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError as CvError } from 'class-validator';
import { CONSTRAINT_TABLE, constraintRow, type ConstraintText, DICT_TEXT, LIST_TEXT } from './constraint-table';
import { constraintName, dtoPlan, type DtoPlan, type PlanField, type ValidationMeta, visiblePlan } from './dto-plan';
import { MAX_NESTING_DEPTH, tooDeepFields } from './nesting-depth';
import { emptyInstance, quickErrors } from './quick-check';
import { isPlainObject, malformedString } from './string-rules';
import type { Class, DefaultResolver, Features } from '../types';

/**
 * Arguments → DTO instance (docs/reference/protocol.md#validation-errors):
 * 1. the raw object's keys are checked against the class (unknown keys are named, required ones
 *    must be present) before anything is copied, so `__proto__` and friends are seen as keys;
 * 2. class-transformer builds the instance (nested `@Type` classes included) from the known keys;
 * 3. class-validator's own validators check it;
 * 4. its errors become pydantic-style violations: one per field, the most basic failure first,
 *    never carrying the rejected value;
 * 5. defaults fill the absent optional fields.
 */

/** One schema violation. Never carries the rejected value. */
export interface Violation {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface ValidationOutcome<T> {
  value?: T;
  violations: Violation[];
  /** Top-level argument names the DTO does not declare (they get a removal suggestion). */
  unknownKeys: string[];
}

/** What the violations are built from: class-validator's errors, or the fast path's (quick-check.ts). */
type CheckError = Pick<CvError, 'property' | 'constraints' | 'children'>;

const VALIDATOR_OPTIONS = {
  // Absent optional fields are left to the defaults step; absent required ones were reported as missing.
  skipUndefinedProperties: true,
  forbidUnknownValues: false,
  validationError: { target: false, value: false },
} as const;

/**
 * The validator's lookups, all read from the constraint table (constraint-table.ts). When a field
 * breaks several constraints, the most basic one is reported (what kind of value, then its
 * content, then its size: the table's order), as pydantic reports one error per field; the kind
 * checks come before the content rules of string-rules.ts. Presence rows and constraints outside
 * the table come after every ranked one.
 */
const RANK = new Map(CONSTRAINT_TABLE.filter((r) => r.check !== 'presence').map((r, i) => [r.name, i]));
const rank = (name: string): number => RANK.get(name) ?? RANK.size;
const isKindCheck = (name: string): boolean => constraintRow(name)?.check === 'kind';

/** The text of a kind check that has one (a map's problems depend on the value). */
function kindText(m: ValidationMeta): ConstraintText | undefined {
  const error = constraintRow(constraintName(m))?.error;
  return typeof error === 'function' ? error(m) : undefined;
}

/** Items of a list that break an `each: true` constraint (class-validator reports the list as a whole). */
function failingItems(m: ValidationMeta, list: unknown[], object: object, property: string): number[] {
  const impl = getMetadataStorage().getTargetValidatorConstraints(m.constraintCls)[0]?.instance as
    { validate(v: unknown, args: object): boolean } | undefined;
  if (!impl) return [];
  const out: number[] = [];
  list.forEach((item, i) => {
    const args = { value: item, constraints: m.constraints, targetName: object.constructor.name, object, property };
    if (!impl.validate(item, args)) out.push(i);
  });
  return out;
}

/** Content rules for a value that passed every constraint (strings and lists of strings). */
function contentViolations(f: PlanField, value: unknown, loc: (string | number)[], out: Violation[]): void {
  const allowNul = Boolean(f.meta.allowNul);
  if (typeof value === 'string') {
    const msg = malformedString(value, allowNul);
    if (msg) out.push({ loc, msg, type: 'value_error' });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const msg = typeof item === 'string' ? malformedString(item, allowNul) : undefined;
      if (msg) out.push({ loc: [...loc, i], msg, type: 'value_error' });
    });
  }
}

function fieldViolations(
  f: PlanField,
  raw: unknown,
  inst: Record<string, unknown>,
  err: CheckError | undefined,
  loc: (string | number)[],
  out: Violation[],
  features: Features,
): void {
  // The common case, a field class-validator passed: only the checks of our own remain.
  if (!err) return f.nested ? nestedViolations(f, raw, inst[f.name], undefined, loc, out, features) : contentViolations(f, raw, loc, out);
  const failed = new Set(Object.keys(err.constraints ?? {}));
  // A list's own checks come before its items' (`each: true`): a string where a list belongs is a list_type error.
  const order = (m: ValidationMeta) => (m.each ? RANK.size + 1 : 0) + rank(constraintName(m));
  const chosen = f.constraints.filter((m) => failed.has(constraintName(m))).sort((a, b) => order(a) - order(b))[0];
  const name = chosen ? constraintName(chosen) : undefined;
  if (name && isKindCheck(name)) return report(f, chosen, name, raw, inst, loc, out);
  if (f.nested) return nestedViolations(f, raw, inst[f.name], err, loc, out, features);
  const before = out.length;
  contentViolations(f, raw, loc, out);
  if (out.length === before && chosen) report(f, chosen, name!, raw, inst, loc, out);
}

function report(
  f: PlanField,
  m: ValidationMeta,
  name: string,
  raw: unknown,
  inst: Record<string, unknown>,
  loc: (string | number)[],
  out: Violation[],
): void {
  const error = constraintRow(name)?.error;
  if (error && typeof error !== 'function') {
    for (const p of error.problems(raw, Boolean(f.meta.allowNul))) out.push({ loc: [...loc, ...p.path], type: p.type, msg: p.msg });
    return;
  }
  const text = error ? error(m) : { type: 'value_error', msg: `Value error, failed the '${name}' check` };
  const value = inst[f.name];
  if (m.each && Array.isArray(value)) {
    for (const i of failingItems(m, value, inst, f.name)) out.push({ loc: [...loc, i], ...text });
  } else out.push({ loc, ...text });
}

function nestedViolations(
  f: PlanField,
  raw: unknown,
  value: unknown,
  err: CheckError | undefined,
  loc: (string | number)[],
  out: Violation[],
  features: Features,
): void {
  const { cls, list } = f.nested!;
  const plan = visiblePlan(cls, features);
  const childErr = (key: string) => err?.children?.find((c) => c.property === key);
  const one = (item: unknown, itemValue: unknown, e: CheckError | undefined, at: (string | number)[]) => {
    if (!isPlainObject(item)) out.push({ loc: at, ...DICT_TEXT });
    else levelViolations(plan, item, itemValue as Record<string, unknown>, e?.children ?? [], at, out, features);
  };
  if (!list) return one(raw, value, err, loc);
  if (!Array.isArray(raw)) return;
  raw.forEach((item, i) => one(item, (value as unknown[])[i], childErr(String(i)), [...loc, i]));
}

/**
 * The error for `null` in a field that is not `@Nullable()`: the kind the field asks for
 * (`Input should be a valid integer`), as pydantic words None in a field that is not Optional.
 */
function nullText(f: PlanField): ConstraintText {
  if (f.nested) return { ...(f.nested.list ? LIST_TEXT : DICT_TEXT) };
  const kind = f.constraints.filter((m) => !m.each && isKindCheck(constraintName(m)) && kindText(m));
  const first = kind.sort((a, b) => rank(constraintName(a)) - rank(constraintName(b)))[0];
  return (first && kindText(first)) ?? { type: 'value_error', msg: 'Value error, null is not allowed here' };
}

/** Violations of one object level, in the order pydantic gives them: unknown keys, then fields as declared. */
function levelViolations(
  plan: DtoPlan,
  raw: Record<string, unknown>,
  inst: Record<string, unknown>,
  errors: CheckError[],
  loc: (string | number)[],
  out: Violation[],
  features: Features,
  unknown?: string[],
): void {
  for (const k of Object.keys(raw)) {
    if (plan.byName.has(k)) continue;
    unknown?.push(k);
    out.push({ loc: [...loc, k], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  for (const f of plan.fields) {
    const has = Object.prototype.hasOwnProperty.call(raw, f.name) && raw[f.name] !== undefined;
    if (!has) {
      if (f.required) out.push({ loc: [...loc, f.name], msg: 'Field required', type: 'missing' });
      continue;
    }
    if (raw[f.name] === null) {
      // `null` is a value only where `@Nullable()` says so: class-validator's `@IsOptional()`
      // skips null too, but the schema of an optional field does not allow it
      // (docs/architecture.md#input-dtos).
      if (!f.meta.nullable) out.push({ loc: [...loc, f.name], ...nullText(f) });
      continue;
    }
    fieldViolations(
      f,
      raw[f.name],
      inst,
      errors.find((e) => e.property === f.name),
      [...loc, f.name],
      out,
      features,
    );
  }
}

/**
 * What class-transformer gets: the declared keys only, nested objects cleaned likewise. It cannot
 * copy arbitrary JSON objects (a `constructor` key makes it throw, `__proto__` keys vanish), so an
 * object or list value of a field that is not a nested DTO is left out here and handed over as it
 * came by {@link restoreOpaque}. A nested value that cannot be an item (a list where an object
 * belongs) becomes 0, which class-validator rejects like the original.
 */
function knownOnly(plan: DtoPlan, raw: Record<string, unknown>, features: Features): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of plan.fields) {
    if (!Object.prototype.hasOwnProperty.call(raw, f.name)) continue;
    const v = raw[f.name];
    if (f.nested) {
      const sub = visiblePlan(f.nested.cls, features);
      const item = (x: unknown) => (isPlainObject(x) ? knownOnly(sub, x, features) : x !== null && typeof x === 'object' ? 0 : x);
      out[f.name] = f.nested.list ? (Array.isArray(v) ? v.map(item) : v !== null && typeof v === 'object' ? 0 : v) : item(v);
    } else if (v === null || typeof v !== 'object') out[f.name] = v;
  }
  return out;
}

/** Puts the object and list values {@link knownOnly} held back into the instance (nested items too). */
function restoreOpaque(plan: DtoPlan, raw: Record<string, unknown>, inst: Record<string, unknown>, features: Features): void {
  for (const f of plan.fields) {
    if (!Object.prototype.hasOwnProperty.call(raw, f.name)) continue;
    const v = raw[f.name];
    if (!f.nested) {
      if (v !== null && typeof v === 'object') inst[f.name] = v;
      continue;
    }
    const sub = visiblePlan(f.nested.cls, features);
    const pairs: [unknown, unknown][] = f.nested.list
      ? Array.isArray(v) && Array.isArray(inst[f.name])
        ? v.map((x, i) => [x, (inst[f.name] as unknown[])[i]])
        : []
      : [[v, inst[f.name]]];
    for (const [r, i] of pairs) if (isPlainObject(r) && i instanceof sub.cls) restoreOpaque(sub, r, i as Record<string, unknown>, features);
  }
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

const TOO_DEEP = `Value error, input is nested deeper than ${MAX_NESTING_DEPTH} levels`;

const clone = (v: unknown): unknown => (v !== null && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v);

/** Fills absent optional fields with their defaults, nested items included (fields of features that are off too). */
function applyDefaults(plan: DtoPlan, inst: Record<string, unknown>, resolve?: DefaultResolver): void {
  for (const f of plan.fields) {
    const v = inst[f.name];
    if (v === undefined) {
      const d = f.meta.default;
      if (d) inst[f.name] = clone(d.from !== undefined && resolve ? resolve(d.from) : d.value);
    } else if (f.nested && v !== null) {
      const sub = dtoPlan(f.nested.cls);
      for (const item of f.nested.list ? (v as unknown[]) : [v]) applyDefaults(sub, item as Record<string, unknown>, resolve);
    }
  }
}

/**
 * Validates raw arguments against an input class and returns an instance of it.
 * Unknown keys are rejected by name; defaults apply to absent keys; `null` is a value only for
 * `@Nullable()` fields (an `@IsOptional()` one may be absent, not null). `features`: the features the server has on; a field
 * that needs another one is an unknown key (undefined: all on; docs/reference/protocol.md#features).
 */
export function validateDto<T>(cls: Class<T>, raw: unknown, resolve?: DefaultResolver, features?: Features): ValidationOutcome<T> {
  const violations: Violation[] = [];
  const unknownKeys: string[] = [];
  if (!isPlainObject(raw)) {
    violations.push({ loc: [], ...DICT_TEXT });
    return { violations, unknownKeys };
  }
  const plan = visiblePlan(cls, features);
  // Before anything recursive (class-transformer, class-validator, the audit digest) touches a
  // value nested past the limit (docs/reference/protocol.md#nesting-limit).
  const deep = tooDeepFields(plan, raw);
  if (deep.length) {
    for (const k of Object.keys(raw)) {
      if (plan.byName.has(k)) continue;
      unknownKeys.push(k);
      violations.push({ loc: [k], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    }
    for (const name of deep) violations.push({ loc: [name], msg: TOO_DEEP, type: 'value_error' });
    return { violations, unknownKeys };
  }
  const known = knownOnly(plan, raw, features);
  const build = () => plainToInstance(cls as ClassConstructor<T>, known) as Record<string, unknown>;
  const inst = ((isEmpty(known) && emptyInstance(dtoPlan(cls), build)) || build()) as Record<string, unknown>;
  restoreOpaque(plan, raw, inst, features);
  // class-validator's errors, found without its per-call record lookup where the plan allows
  // (docs/architecture.md#validation-fast-path), else by validateSync; either way every
  // validator runs once per argument (docs/architecture.md#validation-outcome).
  const errors: CheckError[] = plan.fields.length ? (quickErrors(dtoPlan(cls), inst) ?? validateSync(inst, VALIDATOR_OPTIONS)) : [];
  levelViolations(plan, raw, inst, errors, [], violations, features, unknownKeys);
  if (violations.length) return { violations, unknownKeys };
  applyDefaults(dtoPlan(cls), inst, resolve);
  return { value: inst as T, violations, unknownKeys };
}

/** Pydantic-style summary: `N validation error(s) for <name>`, then `<loc>` / `  <msg> [type=<code>]` per error. */
export function formatViolations(title: string, violations: Violation[], keyRender: (k: string) => string): string {
  const n = violations.length;
  const lines = [`${n} validation error${n === 1 ? '' : 's'} for ${title}`];
  for (const v of violations) {
    lines.push(v.loc.map((l) => (typeof l === 'number' ? String(l) : keyRender(l))).join('.') || '(root)');
    lines.push(`  ${v.msg} [type=${v.type}]`);
  }
  return lines.join('\n');
}
