import { CONSTRAINT, mapProblems, type MapKind, type MapProblem } from './constraints';
import type { ValidationMeta } from './dto-plan';
import { NO_CONTROL_CHARS_PATTERN } from './string-rules';
import type { JsonSchema } from '../types';

/**
 * Every constraint the validator and the schema converter know by name, each written once
 * (docs/architecture.md#input-dtos): class-validator's own (`isInt`, `min`, …) and ours
 * (constraints.ts). A row gives the error the validator reports when the constraint fails, where
 * it stands in the order of errors, whether it is a kind check, and what it adds to the advertised
 * schema. dto-validator.ts and dto-schema.ts build their lookups from this table only; a
 * constraint outside it (a plugin's `@IsEmail()`) gets a generic error and
 * class-validator-jsonschema's schema.
 */

/** A violation's pydantic-style code and message (`Input should be a valid integer [type=int_type]`). */
export interface ConstraintText {
  type: string;
  msg: string;
}

/** The problems inside a map argument, each reported at its own place below the field. */
export interface ProblemsError {
  readonly problems: (value: unknown, allowNul: boolean) => MapProblem[];
}

export interface ConstraintRow {
  /** The name class-validator reports it under (`constraintName` in dto-plan.ts). */
  readonly name: string;
  /**
   * - `kind`: what kind of value the field holds. Reported before anything else, and its text is
   *   the error for `null` in a field that is not `@Nullable()`.
   * - `rule`: the content or size of a value of that kind, reported after the content rules of
   *   string-rules.ts.
   * - `presence`: whether the field is checked at all; never a violation of its own.
   *
   * A field that breaks several constraints reports the first in table order (kind rows come
   * first, then rule rows), as pydantic reports one error per field.
   */
  readonly check: 'kind' | 'rule' | 'presence';
  /**
   * The violation when it fails: its text, or the problems found inside the value (maps);
   * `null`: the generic `Value error, failed the '<name>' check`.
   */
  readonly error: ((m: ValidationMeta) => ConstraintText) | ProblemsError | null;
  /**
   * What it adds to the field's schema: the kind of value (`type`, `enum`; a field's first kind
   * wins, a kind of `each: true` is the items' kind), or keywords that bound a value of that kind
   * (a second `pattern` goes into `allOf`). `null`: nothing a schema can carry.
   */
  readonly schema: { readonly kind: (m: ValidationMeta) => JsonSchema } | { readonly bound: (m: ValidationMeta) => JsonSchema } | null;
}

/**
 * The texts of a list and an object kind. The validator also reports them without a constraint to
 * name: `null` or a non-object where a nested input belongs, arguments that are not an object.
 */
export const LIST_TEXT: Readonly<ConstraintText> = Object.freeze({ type: 'list_type', msg: 'Input should be a valid list' });
export const DICT_TEXT: Readonly<ConstraintText> = Object.freeze({ type: 'dict_type', msg: 'Input should be a valid dictionary' });

/** The constraint's first argument (`@Min(1)`: 1). */
const arg = (m: ValidationMeta): unknown => m.constraints[0];

const text = (type: string, msg: string) => (): ConstraintText => ({ type, msg });

function literalList(values: readonly unknown[]): string {
  const q = values.map((v) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v)));
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

function enumSchema(values: unknown[]): JsonSchema {
  const types = new Set(values.map((v) => typeof v));
  return types.size === 1 && types.has('string') ? { type: 'string', enum: [...values] } : { enum: [...values] };
}

/** A constraint that allows a list of literal values (`values` reads them from its arguments). */
const literal = (name: string, values: (m: ValidationMeta) => unknown[]): ConstraintRow => ({
  name,
  check: 'kind',
  error: (m) => ({ type: 'literal_error', msg: `Input should be ${literalList(values(m))}` }),
  schema: { kind: (m) => enumSchema(values(m)) },
});

/** A kind check that is one JSON type. */
const jsonType = (name: string, type: string, error: ConstraintRow['error']): ConstraintRow => ({
  name,
  check: 'kind',
  error,
  schema: { kind: () => ({ type }) },
});

/** A map argument (constraints.ts): its problems are reported where they are. */
const map = (name: MapKind, schema: () => JsonSchema): ConstraintRow => ({
  name,
  check: 'kind',
  error: { problems: (value, allowNul) => mapProblems(name, value, allowNul) },
  schema: { kind: schema },
});

/**
 * Unions of kinds are type arrays whose other keywords each constrain one kind only (`minimum`
 * numbers, `pattern` strings, `additionalProperties` objects, `items` arrays), which says what
 * `anyOf` would in fewer words (docs/reference/protocol.md#schemas).
 */
const SCALAR_TYPES = ['string', 'number', 'boolean'];

const presence = (name: string): ConstraintRow => ({ name, check: 'presence', error: null, schema: null });

/** The table, in the order errors are reported: the most basic failure first. */
export const CONSTRAINT_TABLE: readonly ConstraintRow[] = [
  literal('isIn', (m) => arg(m) as unknown[]),
  literal('isEnum', (m) => Object.values(arg(m) as object)),
  literal('equals', (m) => [arg(m)]),
  jsonType('isString', 'string', text('string_type', 'Input should be a valid string')),
  jsonType('isInt', 'integer', text('int_type', 'Input should be a valid integer')),
  jsonType('isNumber', 'number', text('float_type', 'Input should be a valid number')),
  jsonType('isBoolean', 'boolean', text('bool_type', 'Input should be a valid boolean')),
  jsonType('isArray', 'array', () => ({ ...LIST_TEXT })),
  jsonType('isObject', 'object', () => ({ ...DICT_TEXT })),
  // The nested class's schema comes from the plan (dto-plan.ts), not from this constraint.
  { name: 'nestedValidation', check: 'kind', error: () => ({ ...DICT_TEXT }), schema: null },
  {
    name: CONSTRAINT.INDEX,
    check: 'kind',
    error: text('union_type', 'Input should be a non-negative integer or a string of digits'),
    schema: { kind: (m) => ({ type: ['integer', 'string'], minimum: 0, pattern: arg(m) ? '^\\d*$' : '^\\d+$' }) },
  },
  {
    name: CONSTRAINT.SIZE,
    check: 'kind',
    error: text('union_type', "Input should be a positive integer or a string like '10' or '50%'"),
    schema: { kind: () => ({ type: ['integer', 'string'], minimum: 1, pattern: '^\\d+%?$' }) },
  },
  map(CONSTRAINT.STRING_MAP, () => ({ type: 'object', additionalProperties: { type: 'string' } })),
  map(CONSTRAINT.STRING_MAP_OR_JSON, () => ({ type: ['object', 'string'], additionalProperties: { type: 'string' } })),
  map(CONSTRAINT.SCALAR_MAP_OR_JSON, () => ({
    type: ['object', 'string'],
    additionalProperties: { type: [...SCALAR_TYPES, 'array'], items: { type: SCALAR_TYPES } },
  })),
  {
    name: CONSTRAINT.NO_CONTROL_CHARS,
    check: 'rule',
    error: text('value_error', 'Value error, string must not contain control characters'),
    schema: { bound: () => ({ pattern: NO_CONTROL_CHARS_PATTERN }) },
  },
  {
    name: 'maxLength',
    check: 'rule',
    error: (m) => ({ type: 'string_too_long', msg: `String should have at most ${String(arg(m))} characters` }),
    schema: { bound: (m) => ({ maxLength: arg(m) }) },
  },
  {
    name: 'minLength',
    check: 'rule',
    error: (m) => ({ type: 'string_too_short', msg: `String should have at least ${String(arg(m))} characters` }),
    schema: { bound: (m) => ({ minLength: arg(m) }) },
  },
  {
    name: 'matches',
    check: 'rule',
    error: (m) => ({ type: 'string_pattern_mismatch', msg: `String should match pattern '${(arg(m) as RegExp).source}'` }),
    schema: { bound: (m) => ({ pattern: (arg(m) as RegExp).source }) },
  },
  {
    name: 'min',
    check: 'rule',
    error: (m) => ({ type: 'greater_than_equal', msg: `Input should be greater than or equal to ${String(arg(m))}` }),
    schema: { bound: (m) => ({ minimum: arg(m) }) },
  },
  {
    name: 'isPositive',
    check: 'rule',
    error: text('greater_than', 'Input should be greater than 0'),
    schema: { bound: () => ({ exclusiveMinimum: 0 }) },
  },
  {
    name: 'max',
    check: 'rule',
    error: (m) => ({ type: 'less_than_equal', msg: `Input should be less than or equal to ${String(arg(m))}` }),
    schema: { bound: (m) => ({ maximum: arg(m) }) },
  },
  {
    name: 'isNegative',
    check: 'rule',
    error: text('less_than', 'Input should be less than 0'),
    schema: { bound: () => ({ exclusiveMaximum: 0 }) },
  },
  {
    name: 'arrayMinSize',
    check: 'rule',
    error: (m) => ({ type: 'too_short', msg: `List should have at least ${String(arg(m))} items` }),
    schema: { bound: (m) => ({ minItems: arg(m) }) },
  },
  {
    name: 'arrayMaxSize',
    check: 'rule',
    error: (m) => ({ type: 'too_long', msg: `List should have at most ${String(arg(m))} items` }),
    schema: { bound: (m) => ({ maxItems: arg(m) }) },
  },
  presence('isOptional'),
  presence('conditionalValidation'),
  presence('isDefined'),
  presence('whitelistValidation'),
];

const BY_NAME = new Map(CONSTRAINT_TABLE.map((r) => [r.name, r]));

/** The row of a constraint, or undefined for one outside the table. */
export const constraintRow = (name: string): ConstraintRow | undefined => BY_NAME.get(name);
