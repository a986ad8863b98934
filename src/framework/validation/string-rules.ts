/**
 * Content rules for every string argument (docs/reference/protocol.md#strings): text must be
 * well-formed Unicode (no lone surrogates) and free of NUL unless the field travels through a
 * file (`@AllowNul()`); names and titles carry no control characters. These are not type checks:
 * class-validator has no rule for them, and tmux would turn such bytes into something else.
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 control characters and DEL. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** The same rule as a JSON Schema pattern (names and titles advertise it). */
export const NO_CONTROL_CHARS_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';

/** The message of the first content rule `s` breaks, or undefined. */
export function malformedString(s: string, allowNul: boolean): string | undefined {
  if (LONE_SURROGATE.test(s)) return 'Value error, string contains an invalid (lone surrogate) character';
  if (!allowNul && s.includes('\u0000')) return 'Value error, string must not contain NUL characters';
  return undefined;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
