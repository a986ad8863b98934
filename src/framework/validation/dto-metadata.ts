import { sharedVersion, sharedWeakMap } from '../metadata/global-store';
import type { Token } from '../types';

/**
 * What class-validator does not record about an input field: its description, its default and
 * whether `null` is a value. Written by `@Description`, `@Default` and `@Nullable`, read when the
 * schema is built and when arguments are validated (docs/reference/protocol.md#input-schemas).
 */
export interface DtoFieldMeta {
  description?: string;
  /** Present when the field has a default (then it is optional). */
  default?: { value: unknown; from?: Token<unknown> };
  nullable?: boolean;
  /** NUL characters are accepted (only text that travels through files). */
  allowNul?: boolean;
  /**
   * The value is another tool call's arguments (a batch operation's): that call checks them, its
   * nesting counted from its own level (docs/reference/protocol.md#nesting-limit).
   */
  callArguments?: boolean;
  /**
   * The field exists only on servers that have this feature on (docs/reference/protocol.md#features):
   * elsewhere it is absent from the schema and refused as an unknown argument.
   */
  feature?: string;
}

/** Per class: its own fields in declaration order (inherited ones live on the base class). */
const FIELDS = sharedWeakMap<Map<string, DtoFieldMeta>>('dto-fields');
const VERSION = sharedVersion('dto-fields');

/** Merges `patch` into the metadata of `cls.prototype[key]`. */
export function patchDtoField(cls: object, key: string, patch: DtoFieldMeta): void {
  let fields = FIELDS.get(cls);
  if (!fields) {
    fields = new Map();
    FIELDS.set(cls, fields);
  }
  fields.set(key, { ...fields.get(key), ...patch });
  VERSION.bump();
}

/** The own fields of one class (not its bases), in declaration order. */
export function ownDtoFields(cls: object): ReadonlyMap<string, DtoFieldMeta> {
  return FIELDS.get(cls) ?? new Map();
}

/** Changes whenever any copy of the package records DTO metadata (plans are rebuilt then). */
export const dtoMetadataVersion = (): number => VERSION.get();
