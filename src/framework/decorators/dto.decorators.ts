import { ValidateIf } from 'class-validator';
import { patchDtoField } from '../validation/dto-metadata';
import type { Token } from '../types';

/**
 * The three things class-validator does not carry about an input field
 * (docs/reference/protocol.md#input-schemas). They only record metadata; class-validator's own
 * decorators (`@IsString()`, `@IsInt()`, `@Min(1)`, `@IsIn([...])`, `@IsOptional()`,
 * `@ValidateNested()` with class-transformer's `@Type(() => Item)`, ...) say what a valid value is.
 */

function field(patch: Parameters<typeof patchDtoField>[2]): PropertyDecorator {
  return (target, key) => {
    if (typeof key !== 'string') throw new TypeError('DTO fields need string property names');
    patchDtoField(target.constructor, key, patch);
  };
}

/** The field's description in the advertised JSON Schema. */
export const Description = (text: string): PropertyDecorator => field({ description: text });

/**
 * The value used when the argument is absent; a field with a default is optional. `from` names a
 * DI token whose registered value replaces `value` for this server (e.g. a default that comes
 * from configuration): the advertised schema and the applied default both use it.
 */
export const Default = (value: unknown, options: { from?: Token<unknown> } = {}): PropertyDecorator =>
  field({ default: { value, from: options.from } });

/**
 * `null` is a value of this field: validators are skipped for it and the schema says
 * `anyOf [T, null]`. (Without it `null` is checked like any other value, so a string field
 * answers `null` with a string_type error.)
 */
export function Nullable(): PropertyDecorator {
  const skipNull = ValidateIf((_obj: object, value: unknown) => value !== null);
  return (target, key) => {
    field({ nullable: true })(target, key);
    skipNull(target, key);
  };
}

/**
 * The field exists only when the server has `feature` on (docs/reference/protocol.md#features):
 * otherwise the schema leaves it out, validation refuses it as an unknown argument and the tool
 * gets the field's default.
 */
export const Feature = (feature: string): PropertyDecorator => field({ feature });

/** NUL characters are accepted in this string (only for text that reaches tmux through a file). */
export const AllowNul = (): PropertyDecorator => field({ allowNul: true });

/**
 * The field holds the arguments of another tool call (a batch operation's `arguments`): the
 * nested call validates them itself, so the nesting limit counts from there, not from the outer
 * call (docs/reference/protocol.md#nesting-limit).
 */
export const CallArguments = (): PropertyDecorator => field({ callArguments: true });
