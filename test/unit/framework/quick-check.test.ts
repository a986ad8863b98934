import { Expose, plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Min,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  validateSync,
  type ValidationOptions,
} from 'class-validator';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { dtoPlan } from '../../../src/framework/validation/dto-plan';
import { validateDto } from '../../../src/framework/validation/dto-validator';
import { emptyInstance, quickErrors } from '../../../src/framework/validation/quick-check';
import type { Class } from '../../../src/framework/types';

/**
 * The validation fast paths (docs/architecture.md#validation-fast-path) answer only what
 * class-transformer and class-validator would: `quickErrors` names exactly the properties and
 * constraints validateSync (with the validator's options) reports, or leaves the call to it, and
 * `emptyInstance` builds `new Input()` only where plainToInstance(Input, {}) gives the same.
 */

const OPTIONS = { skipUndefinedProperties: true, forbidUnknownValues: false, validationError: { target: false, value: false } };

/** What an error list says: per property, the names of its failed constraints (sorted). */
const named = (errors: readonly { property: string; constraints?: Record<string, string> }[]) =>
  errors.map((e) => [e.property, Object.keys(e.constraints ?? {}).sort()]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

/** Both answers for one instance of `cls` built from `plain`: the fast one (null: left to class-validator) and class-validator's. */
function both(cls: Class, plain: Record<string, unknown>): { quick: ReturnType<typeof named> | null; cv: ReturnType<typeof named> } {
  const inst = plainToInstance(cls as new () => object, plain) as Record<string, unknown>;
  const quick = quickErrors(dtoPlan(cls), inst);
  return { quick: quick && named(quick), cv: named(validateSync(inst, OPTIONS)) };
}

/** An answer of the fast path is never wrong (null only sends the call to class-validator). */
function sound(cls: Class, plain: Record<string, unknown>): void {
  const { quick, cv } = both(cls, plain);
  if (quick) expect([cls.name, plain, quick]).toEqual([cls.name, plain, cv]);
}

/** A property decorator of one custom constraint (`registerDecorator`), named `name`. */
const customCheck =
  (name: string, validate: (v: unknown) => boolean | Promise<boolean>, async = false) =>
  (options?: ValidationOptions) =>
  (target: object, key: string) =>
    registerDecorator({ name, target: target.constructor, propertyName: key, async, options, validator: { validate } });

const IsPromised = customCheck('isPromised', () => Promise.resolve(false));
const IsSlowlyChecked = customCheck('isSlowlyChecked', async () => false, true);

class Flat {
  @IsString() name!: string;
  @IsOptional() @IsInt() @Min(1) count?: number;
  @IsOptional() @IsIn(['a', 'b']) mode?: string;
}

class Conditional {
  @IsOptional() @IsString() kind?: string;
  @ValidateIf((o: Conditional) => o.kind === 'number') @IsInt() value?: unknown;
  @IsOptional() @IsInt({ validateIf: (o: Conditional) => o.kind !== 'free' }) limit?: unknown;
}

class Each {
  @IsOptional() @IsString({ each: true }) names?: unknown;
}

class Item {
  @IsString() keys!: string;
}

class Nested {
  @IsOptional() @ValidateNested() @Type(() => Item) item?: Item;
}

class Defined {
  @IsDefined() @IsString() name?: string;
}

class Grouped {
  @IsOptional() @IsString({ groups: ['x'] }) name?: unknown;
}

class Promised {
  @IsOptional() @IsPromised() name?: string;
}

class Slow {
  @IsOptional() @IsSlowlyChecked() name?: string;
}

let counted = 0;

const IsCounted = customCheck('isCounted', (v) => (counted++, v === 'ok'));

class Counted {
  @IsOptional() @IsCounted() name?: string;
  @IsOptional() @IsCounted({ each: true }) names?: string[];
}

describe('validation fast path: the errors class-validator would give (docs/architecture.md#validation-fast-path)', () => {
  it('names the same properties and constraints as validateSync, itself, for classes it can walk', () => {
    const cases: [Class, Record<string, unknown>][] = [
      [Flat, { name: 'x' }],
      [Flat, { name: 'x', count: 3, mode: 'a' }],
      [Flat, { name: 3 }],
      [Flat, {}], // absent: skipped (the validator reports a missing required field itself)
      [Flat, { name: 'x', count: 0 }],
      [Flat, { name: 'x', count: 1.5 }],
      [Flat, { name: 1, count: 'x', mode: 'c' }],
      [Flat, { name: 'x', count: null }], // @IsOptional skips null, as class-validator does
      [Conditional, { kind: 'text', value: 'not checked' }],
      [Conditional, { kind: 'number', value: 'x' }],
      [Conditional, { kind: 'number', value: 4 }],
      [Conditional, { kind: 'free', limit: 'x' }],
      [Conditional, { kind: 'bound', limit: 'x' }],
      [Each, { names: ['a', 'b'] }],
      [Each, { names: ['a', 2] }],
      [Each, { names: 'a' }], // each on a non-list checks the value itself
      [Each, { names: 5 }],
      [Promised, { name: 'x' }], // validateSync never waits for a promise: no error
      [Slow, { name: 'x' }], // asynchronous constraints are skipped by both
    ];
    for (const [cls, plain] of cases) {
      const got = both(cls, plain);
      expect([cls.name, plain, got.quick]).toEqual([cls.name, plain, got.cv]);
    }
    expect(both(Flat, { name: 1, count: 'x', mode: 'c' }).quick).toEqual([
      ['count', ['isInt', 'min']],
      ['mode', ['isIn']],
      ['name', ['isString']],
    ]);
  });

  it('each: true checks every item of a set and every value of a map', () => {
    const quick = (v: unknown) =>
      quickErrors(dtoPlan(Each), Object.assign(new Each(), { names: v }) as unknown as Record<string, unknown>)?.length;
    expect(quick(new Set(['a', 'b']))).toBe(0);
    expect(quick(new Set(['a', 1]))).toBe(1);
    expect(quick(new Map([['k', 'a']]))).toBe(0);
    expect(quick(new Map([['k', 1]]))).toBe(1);
  });

  it('leaves nested values, @IsDefined and groups to class-validator, before running any validator', () => {
    expect(both(Nested, {}).quick).toEqual([]);
    expect(both(Nested, { item: { keys: 'x' } }).quick).toBeNull();
    expect(both(Defined, { name: 'x' }).quick).toBeNull();
    expect(both(Grouped, { name: 'x' }).quick).toBeNull();
    for (const [cls, plain] of [
      [Nested, { item: { keys: 'x' } }],
      [Nested, { item: { keys: 1 } }],
      [Defined, {}],
      [Defined, { name: 'x' }],
      [Grouped, { name: 1 }],
    ] as [Class, Record<string, unknown>][])
      sound(cls, plain);
  });

  it('runs each validator once per value (every item of a list)', () => {
    const runs = (plain: Record<string, unknown>) => {
      counted = 0;
      const r = validateDto(Counted, plain);
      return [counted, r.violations.map((v) => v.loc)];
    };
    expect(runs({ name: 'ok' })).toEqual([1, []]);
    expect(runs({ name: 'no' })).toEqual([1, [['name']]]);
    expect(runs({ names: ['ok', 'ok', 'ok'] })).toEqual([3, []]);
    // A failing list is then asked item by item which items failed (the violation names them).
    expect(runs({ names: ['ok', 'no', 'ok'] })[1]).toEqual([['names', 1]]);
  });

  it('validateDto gives the violations the errors of class-validator give', () => {
    expect(validateDto(Flat, { name: 'x', count: 0 }).violations).toEqual([
      { loc: ['count'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' },
    ]);
    expect(validateDto(Flat, { name: 'x', count: 2 }).value).toMatchObject({ name: 'x', count: 2 });
    expect(validateDto(Each, { names: ['a', 2] }).violations.map((v) => v.loc)).toEqual([['names', 1]]);
    expect(validateDto(Flat, { name: 1, mode: 'c' }).violations.map((v) => [v.loc, v.type])).toEqual([
      [['name'], 'string_type'],
      [['mode'], 'literal_error'],
    ]);
  });
});

class Plain {
  @Param({ type: 'string', nullable: true, default: null }) name!: string | null;
}

class Exposed {
  @Expose() @Transform(() => 'made up') @IsOptional() @IsString() name?: string;
}

class StartsWithList {
  @IsOptional() @IsString({ each: true }) names?: string[] = [];
}

class Indexed {
  @Param({ type: 'index', nullable: true, default: null }) window_index!: string | null;
}

describe('validation fast path: no arguments (docs/architecture.md#validation-fast-path)', () => {
  const build = (cls: Class) => () => plainToInstance(cls as new () => object, {});

  it('builds new Input() where class-transformer gives the same for {}', () => {
    for (const cls of [Plain, Indexed, Flat]) {
      const inst = emptyInstance(dtoPlan(cls), build(cls));
      expect(inst).toBeInstanceOf(cls);
      expect(inst).toEqual(plainToInstance(cls as new () => object, {}));
      expect(inst).not.toBe(emptyInstance(dtoPlan(cls), build(cls))); // a fresh one per call
    }
  });

  it('leaves to class-transformer a class whose {} it builds otherwise, or whose fields start as objects', () => {
    expect(plainToInstance(Exposed, {}).name).toBe('made up');
    expect(emptyInstance(dtoPlan(Exposed), build(Exposed))).toBeUndefined();
    expect(emptyInstance(dtoPlan(StartsWithList), build(StartsWithList))).toBeUndefined();
    expect(validateDto(Exposed, {}).value?.name).toBe('made up');
  });
});
