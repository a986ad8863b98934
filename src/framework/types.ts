/**
 * Types shared by the framework's folders. This file imports nothing, so no import cycle can run
 * through it (docs/architecture.md#import-rules); each type is written here once.
 */

/**
 * Class constructor type used throughout the framework. `never[]` parameters accept every
 * constructor, whatever it takes (a constructor with typed parameters is not assignable to
 * `unknown[]` ones); where a library types constructors with `any[]` (tsyringe,
 * class-transformer), the call site casts to that library's own type.
 */
export type Class<T = unknown> = new (...args: never[]) => T;

/** A DI token that carries the type of what it resolves to (made by `token()` in tokens.ts). */
export type Token<T> = symbol & { readonly __type?: T };

/** A JSON Schema object (input and output schemas). */
export type JsonSchema = Record<string, unknown>;

/** Which features a server has on; `undefined` means all (docs/reference/protocol.md#features). */
export type Features = ReadonlySet<string> | undefined;

/** Resolves `@Default(value, { from })` tokens; without it fields keep their static default. */
export type DefaultResolver = (token: Token<unknown>) => unknown;

/**
 * The kinds of value a parameter (or output field) can hold.
 * - `string-map-or-json`: a `{string: string}` object or a JSON string of one (docs/reference/tools.md#environment-parameters).
 * - `scalar-map-or-json`: the same, but values may also be numbers, booleans or lists of scalars (docs/reference/tools.md#filters).
 * - `index`: an integer >= 0 or a string of digits (docs/reference/tools.md#index-and-size-inputs).
 * - `size`: an integer >= 1 or a string `^\d+%?$` (docs/reference/tools.md#index-and-size-inputs).
 * - `any`: any JSON value (output models only, e.g. option values).
 */
export type ParamKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'string[]'
  | 'object'
  | 'string-map'
  | 'string-map-or-json'
  | 'scalar-map-or-json'
  | 'index'
  | 'size'
  | 'any';

/** Options of an output model field (what the advertised outputSchema says of it). */
export interface FieldOptions {
  type?: ParamKind;
  model?: Class;
  listOf?: Class;
  nullable?: boolean;
  /** Allowed literal values. */
  enum?: readonly string[];
  /** The field may be omitted (it is still emitted, as null). */
  optional?: boolean;
  description?: string;
  /** Extra JSON Schema keywords merged into the field's schema. */
  schema?: Record<string, unknown>;
}
