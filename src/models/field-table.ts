import { Field } from '../framework/decorators/param.decorator';
import type { Class, FieldOptions } from '../framework/types';

/**
 * The machinery of the field tables (./tmux-fields.ts, docs/architecture.md#field-tables): what
 * one output field says, the TypeScript type a list of fields describes, and the output model
 * class built from such a list. Reading the fields' values from tmux is the services' part
 * (services/tmux-formats.ts).
 */

/** One output field: its name and what the output schema says of it. */
export interface FieldSpec {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'boolean' | 'string[]';
  /** null is a value; a field read from tmux that is not nullable is 0, false or '' when tmux leaves it empty. */
  readonly nullable?: boolean;
  readonly description?: string;
}

/** An output field read from tmux: the format variable it comes from. */
export interface TmuxFieldSpec extends FieldSpec {
  readonly type: 'string' | 'integer' | 'boolean';
  /** The tmux format variable (`#{…}`) the value is read from. */
  readonly tmux: string;
  /** A nullable string that tmux leaves empty is null; without this it is kept as ''. */
  readonly emptyNull?: boolean;
  /** Free text a user or a program sets (names, titles, commands, paths): it may hold any character, the separator too. */
  readonly free?: boolean;
}

/** A table row as written: its key is the field's name, `tmux` is only given where the variable is named otherwise. */
type TableRow = Omit<TmuxFieldSpec, 'name' | 'tmux'> & { readonly tmux?: string };

/** The table of one tmux object, keyed by output field name; every row carries its name and variable. */
export type FieldTable<T extends Record<string, TableRow>> = {
  readonly [K in keyof T & string]: T[K] & { readonly name: K; readonly tmux: string };
};

/** Builds a table from its rows: a row's variable is its field's name unless it says `tmux`. */
export function fieldTable<const T extends Record<string, TableRow>>(rows: T): FieldTable<T> {
  const entries = Object.entries(rows).map(([name, row]) => [name, Object.freeze({ name, tmux: name, ...row })]);
  return Object.freeze(Object.fromEntries(entries)) as FieldTable<T>;
}

/** The rows of a table named in order. */
export function pick<T extends Record<string, TmuxFieldSpec>, const K extends readonly (keyof T)[]>(
  table: T,
  ...names: K
): { readonly [I in keyof K]: T[K[I]] } {
  return names.map((n) => table[n]) as unknown as { readonly [I in keyof K]: T[K[I]] };
}

const isTmuxField = (f: FieldSpec): f is TmuxFieldSpec => typeof (f as Partial<TmuxFieldSpec>).tmux === 'string';

/** The fields of a list that are read from tmux, in order. */
export function tmuxFieldsOf(fields: readonly FieldSpec[]): TmuxFieldSpec[] {
  return fields.filter(isTmuxField);
}

interface Kinds {
  string: string;
  integer: number;
  boolean: boolean;
  'string[]': string[];
}

/** The value of one field: its kind, or null where it is nullable. */
type ValueOf<F extends FieldSpec> = Kinds[F['type']] | (F extends { readonly nullable: true } ? null : never);

/** The object a union of fields describes. */
export type ModelOf<F extends FieldSpec> = { [E in F as E['name']]: ValueOf<E> };

/** The fields of a list that are not read from tmux (the service computes them). */
export type ComputedOf<L extends readonly FieldSpec[]> = ModelOf<Exclude<L[number], { readonly tmux: string }>>;

/** What the output schema says of a field, exactly as a hand-written `@Field` said it. */
function fieldOptions(f: FieldSpec): FieldOptions {
  const o: FieldOptions = { type: f.type };
  if (f.nullable) o.nullable = true;
  if (f.description !== undefined) o.description = f.description;
  return o;
}

/**
 * The output model class of a field list: each field applied with `@Field` in list order, so
 * its outputSchema is the one the same `@Field` lines in a class body give. The instance type is
 * derived from the list (`ModelOf`).
 */
export function outputModel<const L extends readonly FieldSpec[]>(name: string, fields: L): Class<ModelOf<L[number]>> {
  // A class named like the model (error texts and stack traces name it).
  const cls = { [name]: class {} }[name];
  for (const f of fields) Field(fieldOptions(f))(cls.prototype, f.name);
  return cls as unknown as Class<ModelOf<L[number]>>;
}
