import { createHash } from 'node:crypto';

/**
 * The digest that stands for a value no log may hold (docs/reference/safety.md#redaction): its
 * length in code points and the first 12 hex digits of the SHA-256 of its UTF-8 bytes. The audit
 * record and the log lines of errors that name such a value use the same one.
 */

/** Code points, as Python's len() counts them: an emoji is 1, not 2 UTF-16 units. */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

export function digest(s: string): { len: number; sha256_prefix: string } {
  return { len: codePoints(s), sha256_prefix: createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 12) };
}
