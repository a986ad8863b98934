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
import { emptyInstance, passesQuickly } from '../../../src/framework/validation/quick-check';
import type { Class } from '../../../src/framework/types';

/**
 * The validation fast paths (docs/architecture.md#validation-fast-path) answer only what
 * class-transformer and class-validator would: `passesQuickly` is true only where validateSync
 * (with the validator's options) finds nothing, and `emptyInstance` builds `new Input()` only
 * where plainToInstance(Input, {}) gives the same.
 */

const OPTIONS = { skipUndefinedProperties: true, forbidUnknownValues: false, validationError: { target: false, value: false } };

/** Both answers for one instance of `cls` built from `plain`: the fast one and class-validator's. */
function both(cls: Class, plain: Record<string, unknown>): { quick: boolean; errors: number } {
  const inst = plainToInstance(cls as new () => object, plain) as Record<string, unknown>;
  return { quick: passesQuickly(dtoPlan(cls), inst), errors: validateSync(inst, OPTIONS).length };
}

/** A yes of the fast path is never wrong (a no only sends the call to class-validator). */
function sound(cls: Class, plain: Record<string, unknown>): void {
  const { quick, errors } = both(cls, plain);
  if (quick) expect([cls.name, plain, errors]).toEqual([cls.name, plain, 0]);
}

function IsPromised(options?: ValidationOptions) {
  return (target: object, key: string) =>
    registerDecorator({
      name: 'isPromised',
      target: target.constructor,
      propertyName: key,
      options,
      validator: { validate: () => Promise.resolve(false) },
    });
}

function IsSlowlyChecked(options?: ValidationOptions) {
  return (target: object, key: string) =>
    registerDecorator({
      name: 'isSlowlyChecked',
      target: target.constructor,
      propertyName: key,
      async: true,
      options,
      validator: { validate: async () => false },
    });
}

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

describe('validation fast path: nothing broken (docs/architecture.md#validation-fast-path)', () => {
  it('says yes exactly where class-validator finds nothing, and no where it finds something', () => {
    const cases: [Class, Record<string, unknown>, boolean][] = [
      [Flat, { name: 'x' }, true],
      [Flat, { name: 'x', count: 3, mode: 'a' }, true],
      [Flat, { name: 3 }, false],
      [Flat, {}, true], // absent: skipped (the validator reports a missing required field itself)
      [Flat, { name: 'x', count: 0 }, false],
      [Flat, { name: 'x', count: 1.5 }, false],
      [Flat, { name: 'x', mode: 'c' }, false],
      [Flat, { name: 'x', count: null }, true], // @IsOptional skips null, as class-validator does
      [Conditional, { kind: 'text', value: 'not checked' }, true],
      [Conditional, { kind: 'number', value: 'x' }, false],
      [Conditional, { kind: 'number', value: 4 }, true],
      [Conditional, { kind: 'free', limit: 'x' }, true],
      [Conditional, { kind: 'bound', limit: 'x' }, false],
      [Each, { names: ['a', 'b'] }, true],
      [Each, { names: ['a', 2] }, false],
      [Each, { names: 'a' }, true], // each on a non-list checks the value itself
      [Each, { names: 5 }, false],
    ];
    for (const [cls, plain, quick] of cases) {
      const got = both(cls, plain);
      // For these classes the fast path decides every case itself, exactly as class-validator does.
      expect([cls.name, plain, got.quick, got.errors === 0]).toEqual([cls.name, plain, quick, quick]);
    }
  });

  it('each: true checks every item of a set and every value of a map', () => {
    const quick = (v: unknown) =>
      passesQuickly(dtoPlan(Each), Object.assign(new Each(), { names: v }) as unknown as Record<string, unknown>);
    expect(quick(new Set(['a', 'b']))).toBe(true);
    expect(quick(new Set(['a', 1]))).toBe(false);
    expect(quick(new Map([['k', 'a']]))).toBe(true);
    expect(quick(new Map([['k', 1]]))).toBe(false);
  });

  it('leaves nested values, @IsDefined, groups and promises to class-validator; skips async constraints as validateSync does', () => {
    expect(both(Nested, {}).quick).toBe(true);
    expect(both(Nested, { item: { keys: 'x' } }).quick).toBe(false);
    expect(both(Defined, { name: 'x' }).quick).toBe(false);
    expect(both(Grouped, { name: 'x' }).quick).toBe(false);
    expect(both(Promised, { name: 'x' }).quick).toBe(false);
    expect(both(Slow, { name: 'x' })).toEqual({ quick: true, errors: 0 });
    for (const [cls, plain] of [
      [Nested, { item: { keys: 'x' } }],
      [Nested, { item: { keys: 1 } }],
      [Defined, {}],
      [Defined, { name: 'x' }],
      [Grouped, { name: 1 }],
      [Promised, { name: 'x' }],
    ] as [Class, Record<string, unknown>][])
      sound(cls, plain);
  });

  it('validateDto gives the same violations either way', () => {
    expect(validateDto(Flat, { name: 'x', count: 0 }).violations).toEqual([
      { loc: ['count'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' },
    ]);
    expect(validateDto(Flat, { name: 'x', count: 2 }).value).toMatchObject({ name: 'x', count: 2 });
    expect(validateDto(Each, { names: ['a', 2] }).violations.map((v) => v.loc)).toEqual([['names', 1]]);
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
