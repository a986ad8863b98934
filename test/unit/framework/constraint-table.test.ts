import { Type } from 'class-transformer';
import * as cv from 'class-validator';
import * as dtoDecorators from '../../../src/framework/decorators/dto.decorators';
import { Param, type ParamOptions } from '../../../src/framework/decorators/param.decorator';
import { token } from '../../../src/framework/tokens';
import type { Class } from '../../../src/framework/types';
import { CONSTRAINT_TABLE, constraintRow } from '../../../src/framework/validation/constraint-table';
import * as constraints from '../../../src/framework/validation/constraints';
import { constraintName, dtoPlan } from '../../../src/framework/validation/dto-plan';
import { createServer } from '../../../src/server/create-server';

/**
 * The constraint table (src/framework/validation/constraint-table.ts, docs/architecture.md#input-dtos)
 * is the one place the validator and the schema converter read a constraint's error, order, kind
 * and schema from. Every constraint the `@Param` shorthand, our DTO decorators and the
 * class-validator decorators the docs name can produce has a row, and every row is produced by
 * one of them: a constraint cannot be half-added (a decorator without a row gets the generic
 * error and the plugin fallback schema; a row under a misspelt name is never read).
 */

class Item {
  @Param({ type: 'string' }) name!: string;
}

/** The constraint names a field declared by `decorators` carries, in declaration order. */
function namesOf(...decorators: PropertyDecorator[]): string[] {
  class Dto {}
  for (const d of decorators) d(Dto.prototype, 'f');
  return dtoPlan(Dto).fields.flatMap((f) => f.constraints.map(constraintName));
}

/** Every `@Param` kind. Type-checked: a kind added to ParamKind fails to compile until it is here. */
const KINDS = [
  'string',
  'integer',
  'number',
  'boolean',
  'string[]',
  'object',
  'string-map',
  'string-map-or-json',
  'scalar-map-or-json',
  'index',
  'size',
] as const satisfies readonly NonNullable<ParamOptions['type']>[];
type MissingKind = Exclude<NonNullable<ParamOptions['type']>, (typeof KINDS)[number]>;
const everyKindListed: [MissingKind] extends [never] ? true : MissingKind = true;

/** Options that use every key of ParamOptions. Type-checked: a new option fails to compile until it is here. */
const PARAM_CASES: { [K in keyof Required<ParamOptions>]: readonly ParamOptions[] } = {
  type: KINDS.map((type) => ({ type })),
  model: [{ model: Item }],
  listOf: [{ listOf: Item }],
  nullable: [{ type: 'string', nullable: true }],
  default: [{ type: 'integer', default: 1 }],
  defaultFrom: [{ type: 'integer', defaultFrom: token('constraint-table-test') }],
  enum: [{ enum: ['a', 'b'] }],
  minimum: [{ type: 'integer', minimum: 1 }],
  exclusiveMinimum: [{ type: 'number', exclusiveMinimum: 0 }],
  maximum: [{ type: 'integer', maximum: 9 }],
  pattern: [{ type: 'string', pattern: '^a$' }],
  maxLength: [
    { type: 'string', maxLength: 4 },
    { type: 'string[]', maxLength: 4 },
  ],
  allowNul: [{ type: 'string', allowNul: true }],
  noControlChars: [{ type: 'string', noControlChars: true }],
  allowEmpty: [{ type: 'index', allowEmpty: true }],
  description: [{ type: 'string', description: 'd' }],
  feature: [{ type: 'string', feature: 'f' }],
};

/** The decorators exported by a module (functions named in PascalCase), each applied with no arguments. */
const exportedDecorators = (mod: Record<string, unknown>): [string, PropertyDecorator][] =>
  Object.entries(mod)
    .filter((e): e is [string, () => PropertyDecorator] => typeof e[1] === 'function' && /^[A-Z]/.test(e[0]))
    .map(([name, make]) => [name, make()]);

/** class-validator's decorators that input DTOs may use with their own error text and schema (docs/architecture.md#input-dtos). */
const CLASS_VALIDATOR: [string, PropertyDecorator[]][] = [
  ['IsIn', [cv.IsIn(['a'])]],
  ['IsEnum', [cv.IsEnum({ A: 'a' })]],
  ['Equals', [cv.Equals('a')]],
  ['IsString', [cv.IsString()]],
  ['IsInt', [cv.IsInt()]],
  ['IsNumber', [cv.IsNumber()]],
  ['IsBoolean', [cv.IsBoolean()]],
  ['IsArray', [cv.IsArray()]],
  ['IsObject', [cv.IsObject()]],
  ['ValidateNested', [cv.ValidateNested(), Type(() => Item)]],
  ['MaxLength', [cv.MaxLength(1)]],
  ['MinLength', [cv.MinLength(1)]],
  ['Matches', [cv.Matches(/a/)]],
  ['Min', [cv.Min(1)]],
  ['IsPositive', [cv.IsPositive()]],
  ['Max', [cv.Max(1)]],
  ['IsNegative', [cv.IsNegative()]],
  ['ArrayMinSize', [cv.ArrayMinSize(1)]],
  ['ArrayMaxSize', [cv.ArrayMaxSize(1)]],
  ['IsOptional', [cv.IsOptional()]],
  ['ValidateIf', [cv.ValidateIf(() => true)]],
  ['IsDefined', [cv.IsDefined()]],
  ['Allow', [cv.Allow()]],
];

/** What each source produces: `[where, constraint names]`. */
const PRODUCED: [string, string[]][] = [
  ...Object.entries(PARAM_CASES).flatMap(([key, cases]) =>
    cases.map((o): [string, string[]] => [`@Param ${key} ${JSON.stringify(o)}`, namesOf(Param(o))]),
  ),
  ...[...exportedDecorators(dtoDecorators), ...exportedDecorators(constraints)].map(([name, d]): [string, string[]] => [
    `@${name}()`,
    namesOf(d),
  ]),
  ...CLASS_VALIDATOR.map(([name, ds]): [string, string[]] => [`class-validator @${name}()`, namesOf(...ds)]),
];

describe('the constraint table (docs/architecture.md#input-dtos)', () => {
  it('has a row for every constraint @Param, our DTO decorators and the supported class-validator decorators produce', () => {
    expect(everyKindListed).toBe(true);
    // The decorators are really enumerated (a broken export filter would prove nothing).
    expect(PRODUCED.map(([where]) => where)).toEqual(
      expect.arrayContaining(['@IsIndex()', '@IsScalarMapOrJson()', '@NoControlChars()', '@Nullable()', '@Default()']),
    );
    const missing = PRODUCED.flatMap(([where, names]) => names.filter((n) => !constraintRow(n)).map((n) => `${where}: ${n}`));
    expect(missing).toEqual([]);
  });

  it('has a row for every name of CONSTRAINT (constraints.ts)', () => {
    expect(Object.values(constraints.CONSTRAINT).filter((n) => !constraintRow(n))).toEqual([]);
  });

  it('has no row that nothing produces (a misspelt name would never be read)', () => {
    const produced = new Set(PRODUCED.flatMap(([, names]) => names));
    expect(CONSTRAINT_TABLE.map((r) => r.name).filter((n) => !produced.has(n))).toEqual([]);
  });

  it('names each constraint once, kind checks first, then rules, then presence', () => {
    const names = CONSTRAINT_TABLE.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const stages = CONSTRAINT_TABLE.map((r) => r.check);
    const order = ['kind', 'rule', 'presence'];
    expect([...stages].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(stages);
  });

  it('gives each row an error and a schema that fit its check', () => {
    const misfits = CONSTRAINT_TABLE.filter((r) => {
      if (r.check === 'presence') return r.error !== null || r.schema !== null;
      if (r.check === 'rule') return typeof r.error !== 'function' || r.schema === null || !('bound' in r.schema);
      return r.error === null || (r.schema !== null && !('kind' in r.schema));
    });
    expect(misfits.map((r) => r.name)).toEqual([]);
  });

  it('covers every constraint of every core tool input (none falls back to the generic error or class-validator-jsonschema)', async () => {
    const app = await createServer({
      config: { safety: 'destructive', promptsAsTools: true, socketName: 'tmux-mcp-test-constraint-table', hosts: ['user@host'] },
    });
    try {
      const seen = new Set<Class>();
      const missing: string[] = [];
      const walk = (cls: Class, where: string): void => {
        if (seen.has(cls)) return;
        seen.add(cls);
        for (const f of dtoPlan(cls).fields) {
          for (const m of f.constraints) if (!constraintRow(constraintName(m))) missing.push(`${where}.${f.name}: ${constraintName(m)}`);
          if (f.nested) walk(f.nested.cls, `${where}.${f.name}`);
        }
      };
      const tools = app.dispatcher.list();
      expect(tools.length).toBeGreaterThan(50);
      for (const d of tools) walk(d.meta.input, d.name);
      expect(missing).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
