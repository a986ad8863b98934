import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isPlainObject, malformedString, CONTROL_CHARS } from './string-rules';

/**
 * Validators for the argument shapes class-validator has no decorator for: unions of a number
 * and a digit string, and string maps that may also come as a JSON string
 * (docs/reference/tools.md#index-and-size-inputs). They are ordinary class-validator constraints
 * (built with `ValidateBy`), so class-validator runs them like its own.
 */

/** Constraint names, used by the schema converter and the error texts. */
export const CONSTRAINT = {
  INDEX: 'isIndex',
  SIZE: 'isSize',
  STRING_MAP: 'isStringMap',
  STRING_MAP_OR_JSON: 'isStringMapOrJson',
  SCALAR_MAP_OR_JSON: 'isScalarMapOrJson',
  NO_CONTROL_CHARS: 'noControlChars',
} as const;

const INDEX_RE = /^\d+$/;
const INDEX_OR_EMPTY_RE = /^\d*$/;
const SIZE_RE = /^\d+%?$/;

/**
 * An index: an integer >= 0 or a string of digits (`allowEmpty`: also `""`). Integers become
 * digit strings before validation, so tools always receive a string.
 */
export function IsIndex(options: { allowEmpty?: boolean } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  const re = options.allowEmpty ? INDEX_OR_EMPTY_RE : INDEX_RE;
  const validate = ValidateBy(
    {
      name: CONSTRAINT.INDEX,
      constraints: [Boolean(options.allowEmpty)],
      validator: { validate: (v) => typeof v === 'string' && re.test(v) },
    },
    validationOptions,
  );
  // BigInt keeps every digit of a large integer (String(1e21) would be '1e+21').
  const toDigits = Transform(({ value }: { value: unknown }) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? BigInt(value).toString() : value,
  );
  return (target, key) => {
    toDigits(target, key);
    validate(target, key);
  };
}

/** A size: an integer >= 1 (cells) or a digit string with an optional `%`. */
export function IsSize(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: CONSTRAINT.SIZE,
      validator: {
        validate: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1) || (typeof v === 'string' && SIZE_RE.test(v)),
      },
    },
    validationOptions,
  );
}

/** One problem inside a map argument, at `path` below the argument. */
export interface MapProblem {
  path: string[];
  type: string;
  msg: string;
}

export type MapKind = typeof CONSTRAINT.STRING_MAP | typeof CONSTRAINT.STRING_MAP_OR_JSON | typeof CONSTRAINT.SCALAR_MAP_OR_JSON;

const isScalar = (x: unknown): boolean => typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x));

/**
 * Every problem of a map argument: the wrong shape, values of the wrong type, malformed keys or
 * values. A JSON string is accepted as is here (the tool parses it and reports JSON errors).
 */
export function mapProblems(kind: MapKind, value: unknown, allowNul = false): MapProblem[] {
  if (typeof value === 'string' && kind !== CONSTRAINT.STRING_MAP) return [];
  if (!isPlainObject(value)) {
    return kind === CONSTRAINT.STRING_MAP
      ? [{ path: [], type: 'dict_type', msg: 'Input should be a valid dictionary' }]
      : [{ path: [], type: 'union_type', msg: 'Input should be a valid dictionary or string' }];
  }
  const out: MapProblem[] = [];
  const content = (k: string, s: string) => {
    const m = malformedString(s, allowNul);
    if (m) out.push({ path: [k], type: 'value_error', msg: m });
    return !m;
  };
  for (const [k, v] of Object.entries(value)) {
    if (kind === CONSTRAINT.SCALAR_MAP_OR_JSON) {
      if (!(isScalar(v) || (Array.isArray(v) && v.every(isScalar)))) {
        out.push({ path: [k], type: 'union_type', msg: 'Input should be a string, number, boolean or a list of them' });
        continue;
      }
      if (!content(k, k)) continue;
      for (const s of Array.isArray(v) ? v : [v]) if (typeof s === 'string' && !content(k, s)) break;
    } else if (typeof v !== 'string') {
      out.push({ path: [k], type: 'string_type', msg: 'Input should be a valid string' });
    } else if (content(k, k)) content(k, v);
  }
  return out;
}

function mapConstraint(kind: MapKind, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: kind, validator: { validate: (v) => mapProblems(kind, v).length === 0 } }, validationOptions);
}

/** A `{string: string}` object. */
export const IsStringMap = (o?: ValidationOptions): PropertyDecorator => mapConstraint(CONSTRAINT.STRING_MAP, o);
/** A `{string: string}` object or a JSON string of one (e.g. `environment`). */
export const IsStringMapOrJson = (o?: ValidationOptions): PropertyDecorator => mapConstraint(CONSTRAINT.STRING_MAP_OR_JSON, o);
/** An object of strings, numbers, booleans or lists of them, or a JSON string of one (`filters`). */
export const IsScalarMapOrJson = (o?: ValidationOptions): PropertyDecorator => mapConstraint(CONSTRAINT.SCALAR_MAP_OR_JSON, o);

/** Names and titles: no C0 control characters or DEL (tmux would store them mangled). */
export function NoControlChars(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: CONSTRAINT.NO_CONTROL_CHARS, validator: { validate: (v) => typeof v !== 'string' || !CONTROL_CHARS.test(v) } },
    validationOptions,
  );
}
