import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { fieldOrderVersion, lineage, orderFields } from '../metadata/field-order';
import { dtoMetadataVersion, DtoFieldMeta, ownDtoFields } from './dto-metadata';
import type { Class } from '../types';

/** One class-validator metadata record, as the storage returns it. */
export type ValidationMeta = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** One input field: our metadata plus the class-validator constraints declared on it. */
export interface PlanField {
  readonly name: string;
  readonly meta: DtoFieldMeta;
  /** Constraint records in declaration order (`constraintName` gives each one's name). */
  readonly constraints: readonly ValidationMeta[];
  /** `@IsOptional()`: absent is fine; null only with `@Nullable()` (the validator checks that, class-validator skips it). */
  readonly optional: boolean;
  /** Absent is an error: neither `@IsOptional()` nor a default. */
  readonly required: boolean;
  /** `@ValidateNested()` with a class-transformer `@Type`: the item class, and whether the value is a list. */
  readonly nested?: { readonly cls: Class; readonly list: boolean };
}

/** What the validator and the schema converter know about one input class. */
export interface DtoPlan {
  readonly cls: Class;
  readonly fields: readonly PlanField[];
  readonly byName: ReadonlyMap<string, PlanField>;
}

/** The name class-validator reports a constraint under (the keys of `ValidationError.constraints`). */
export function constraintName(m: ValidationMeta): string {
  if (m.type === ValidationTypes.NESTED_VALIDATION || m.type === ValidationTypes.CONDITIONAL_VALIDATION) return m.name ?? m.type;
  if (m.name) return m.name;
  const c = getMetadataStorage().getTargetValidatorConstraints(m.constraintCls);
  return c[0]?.name ?? m.type;
}

const IS_OPTIONAL = 'isOptional';

/**
 * The class a nested field holds, as class-transformer builds it: the public way to read a
 * `@Type(() => Item)` is to let plainToInstance build one (its metadata storage is not exported).
 */
function nestedClass(cls: Class, name: string, list: boolean): Class | undefined {
  const probe = plainToInstance(cls, { [name]: list ? [{}] : {} }) as Record<string, unknown>;
  const v = probe[name];
  const item = list ? (Array.isArray(v) ? (v[0] as object | undefined) : undefined) : (v as object | undefined);
  const ctor = item && typeof item === 'object' ? (item.constructor as Class) : undefined;
  return ctor && ctor !== Object ? ctor : undefined;
}

function buildPlan(cls: Class): DtoPlan {
  const storage = getMetadataStorage();
  const all = storage.getTargetValidationMetadatas(cls, '', true, false);
  // Declaration order: each class's fields as decorated (ours and class-validator's agree), base
  // classes first and @TrailingFields() ones last (docs/architecture.md#field-order). A class's
  // own records are read from the class itself: `all` leaves out those a subclass declares again.
  const order = orderFields(cls, function* (c) {
    for (const m of storage.getTargetValidationMetadatas(c, '', true, false)) if (m.target === c) yield m.propertyName;
    yield* ownDtoFields(c).keys();
  });
  const byProp = new Map<string, ValidationMeta[]>(order.map((name) => [name, []]));
  const metaOf = new Map<string, DtoFieldMeta>();
  for (const c of lineage(cls)) for (const [name, meta] of ownDtoFields(c)) metaOf.set(name, { ...metaOf.get(name), ...meta });
  for (const m of all) {
    if (!byProp.has(m.propertyName)) {
      byProp.set(m.propertyName, []);
      order.push(m.propertyName);
    }
    byProp.get(m.propertyName)!.push(m);
  }
  const fields = order.map((name): PlanField => {
    const constraints = byProp.get(name)!;
    const meta = metaOf.get(name) ?? {};
    const optional = constraints.some((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name === IS_OPTIONAL);
    const nestedMeta = constraints.find((m) => m.type === ValidationTypes.NESTED_VALIDATION);
    let nested: PlanField['nested'];
    if (nestedMeta) {
      const list =
        Reflect.getMetadata('design:type', cls.prototype as object, name) === Array ||
        constraints.some((m) => constraintName(m) === 'isArray');
      const item = nestedClass(cls, name, list);
      if (!item) throw new TypeError(`${cls.name}.${name}: @ValidateNested() needs class-transformer's @Type(() => ItemClass)`);
      nested = { cls: item, list };
    }
    return { name, meta, constraints, optional, required: !optional && !meta.default, nested };
  });
  return { cls, fields, byName: new Map(fields.map((f) => [f.name, f])) };
}

const plans = new WeakMap<Class, { version: number; plan: DtoPlan }>();
const visible = new WeakMap<DtoPlan, Map<string, DtoPlan>>();

/**
 * The plan of `cls` as a server with `features` on sees it (docs/reference/protocol.md#features):
 * fields that need a feature it does not have are left out. `undefined`: every feature is on.
 */
export function visiblePlan(cls: Class, features: ReadonlySet<string> | undefined): DtoPlan {
  const plan = dtoPlan(cls);
  if (!features || plan.fields.every((f) => f.meta.feature === undefined || features.has(f.meta.feature))) return plan;
  const key = [...features].sort().join(',');
  let byKey = visible.get(plan);
  if (!byKey) {
    byKey = new Map<string, DtoPlan>();
    visible.set(plan, byKey);
  }
  let v = byKey.get(key);
  if (!v) {
    const fields = plan.fields.filter((f) => f.meta.feature === undefined || features.has(f.meta.feature));
    v = { cls, fields, byName: new Map(fields.map((f) => [f.name, f])) };
    byKey.set(key, v);
  }
  return v;
}

/**
 * The plan of an input class, built once and reused for every call (rebuilt only if any copy of
 * the package recorded DTO metadata since). Classes are complete when first used.
 */
export function dtoPlan(cls: Class): DtoPlan {
  const version = dtoMetadataVersion() + fieldOrderVersion();
  const hit = plans.get(cls);
  if (hit && hit.version === version) return hit.plan;
  const plan = buildPlan(cls);
  plans.set(cls, { version, plan });
  return plan;
}
