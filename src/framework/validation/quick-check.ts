import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { DtoPlan, ValidationMeta } from './dto-plan';

/** One property as class-validator's executor sees it: its conditions and its constraint records. */
interface QuickField {
  readonly name: string;
  /** `@IsOptional()` / `@ValidateIf()`: every condition must hold for the property to be checked. */
  readonly conditions: readonly ValidationMeta[];
  readonly customs: readonly ValidationMeta[];
  /** `@ValidateNested()`: a defined value is left to class-validator itself. */
  readonly nested: boolean;
}

/** The constraint implementations class-validator would run for one record (its storage, read once). */
type Constraints = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidatorConstraints']>;

interface Quick {
  readonly fields: readonly QuickField[];
  /** Each custom record's constraint classes, as `getTargetValidatorConstraints` lists them. */
  readonly impls: ReadonlyMap<ValidationMeta, Constraints>;
}

const quick = new WeakMap<DtoPlan, Quick | null>();

/**
 * The plan's records in the shape {@link passesQuickly} walks, or null when a record is one it
 * leaves to class-validator: `@IsDefined()` (checked even on absent values), promise and
 * whitelist records, groups and `always` (which choose records per call).
 */
function quickOf(plan: DtoPlan): Quick | null {
  const known = quick.get(plan);
  if (known !== undefined) return known;
  const storage = getMetadataStorage();
  const fields: QuickField[] = [];
  const impls = new Map<ValidationMeta, Constraints>();
  let ok = true;
  for (const f of plan.fields) {
    const conditions: ValidationMeta[] = [];
    const customs: ValidationMeta[] = [];
    let nested = false;
    for (const m of f.constraints) {
      if (m.groups?.length || m.always !== undefined) ok = false;
      else if (m.type === ValidationTypes.CONDITIONAL_VALIDATION) conditions.push(m);
      else if (m.type === ValidationTypes.NESTED_VALIDATION) nested = true;
      else if (m.type === ValidationTypes.CUSTOM_VALIDATION) {
        customs.push(m);
        impls.set(m, storage.getTargetValidatorConstraints(m.constraintCls));
      } else ok = false;
    }
    fields.push({ name: f.name, conditions, customs, nested });
  }
  const q = ok ? { fields, impls } : null;
  quick.set(plan, q);
  return q;
}

/** What the validator reads of one class-validator error: the property and the names of its failed constraints. */
export interface QuickError {
  readonly property: string;
  readonly constraints: Record<string, string>;
  readonly children: [];
}

/**
 * The errors class-validator's `validateSync(inst, { skipUndefinedProperties: true })` would
 * report, found by running the same validators on the same arguments, each exactly once
 * (docs/architecture.md#validation-fast-path); or null, "ask class-validator", decided before
 * any validator runs: a plan with a record this walk leaves to class-validator, or a nested
 * value. Why: validateSync looks up the class's records in its storage on every call (a scan
 * of every decorated class, ~30 µs and ~25 KB per call), while the records of a class never
 * change once it is complete (see dtoPlan).
 *
 * The walk follows class-validator 0.15's ValidationExecutor property by property: every
 * condition (`@IsOptional()`, `@ValidateIf()`) must hold, an undefined value is skipped, then
 * every custom record (its `validateIf` first) runs each of its constraint classes'
 * `validate(value, args)` with the arguments the executor builds — for `each: true` on a list,
 * set or map, on every item with the whole value in `args`. A failed one is named as the
 * executor names it (the constraint class's name, else the record's type); messages are not
 * built (the validator words its own). Asynchronous constraints are skipped and a promise
 * answers nothing, as in validateSync, which never waits for one.
 */
export function quickErrors(plan: DtoPlan, inst: Record<string, unknown>): QuickError[] | null {
  const q = quickOf(plan);
  if (!q) return null;
  const { fields, impls } = q;
  for (let i = 0; i < fields.length; i++) if (fields[i].nested && inst[fields[i].name] !== undefined) return null;
  const errors: QuickError[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    const value = inst[f.name];
    let checked = true;
    for (let j = 0; j < f.conditions.length; j++) {
      if (!(f.conditions[j].constraints[0] as (o: object, v: unknown) => boolean)(inst, value)) checked = false;
    }
    if (!checked || value === undefined) continue;
    let failed: Record<string, string> | undefined;
    for (let j = 0; j < f.customs.length; j++) {
      const m = f.customs[j];
      const validateIf = (m as { validateIf?: (o: object, v: unknown) => boolean }).validateIf;
      if (validateIf && !validateIf(inst, value)) continue;
      const constraints = impls.get(m)!;
      for (let k = 0; k < constraints.length; k++) {
        const c = constraints[k];
        if (c.async) continue;
        const args = { targetName: inst.constructor?.name, property: m.propertyName, object: inst, value, constraints: m.constraints };
        const impl = c.instance as { validate(v: unknown, a: typeof args): unknown };
        let ok: boolean | undefined;
        if (m.each && (Array.isArray(value) || value instanceof Set || value instanceof Map)) {
          // Every item, as the executor maps them all; any promise makes the whole answer one.
          const answers = Array.from(value instanceof Map ? value.values() : (value as Iterable<unknown>), (item) =>
            impl.validate(item, args),
          );
          ok = answers.some(isPromise) ? undefined : answers.every(Boolean);
        } else {
          const answer = impl.validate(value, args);
          ok = isPromise(answer) ? undefined : Boolean(answer);
        }
        if (ok === false) (failed ??= {})[c.name || m.type] = '';
      }
    }
    if (failed) errors.push({ property: f.name, constraints: failed, children: [] });
  }
  return errors;
}

const isPromise = (v: unknown): boolean => v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';

const emptyIsNew = new WeakMap<DtoPlan, boolean>();

/** Own properties equal in name, order, attributes and (primitive) value. */
function sameShape(a: object, b: object): boolean {
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return false;
    const da = Object.getOwnPropertyDescriptor(a, ka[i])!;
    const db = Object.getOwnPropertyDescriptor(b, kb[i])!;
    if (da.enumerable !== db.enumerable || da.writable !== db.writable || da.configurable !== db.configurable) return false;
    if ('get' in da || 'get' in db || (da.value !== null && typeof da.value === 'object') || typeof da.value === 'function') return false;
    if (!Object.is(da.value, db.value)) return false;
  }
  return Object.getPrototypeOf(a) === Object.getPrototypeOf(b);
}

/**
 * The instance class-transformer builds from `{}` (a call without arguments), built as `new
 * cls()` when that is what class-transformer gives for this class: checked once, by letting it
 * build one and comparing (docs/architecture.md#validation-fast-path). `{}` is always the same
 * input, so its result only depends on the class's metadata, complete when first used; a class
 * whose `@Expose` or `@Transform` changes that result (or whose fields start as objects) is left
 * to class-transformer. Why: plainToInstance looks up the class's exposed, excluded and typed
 * properties through its ancestors on every call, most of a call's validation time.
 */
export function emptyInstance(plan: DtoPlan, build: () => object): object | undefined {
  let same = emptyIsNew.get(plan);
  if (same === undefined) {
    const cls = plan.cls as new () => object;
    same = sameShape(build(), new cls()) && sameShape(build(), new cls());
    emptyIsNew.set(plan, same);
  }
  return same ? new (plan.cls as new () => object)() : undefined;
}
