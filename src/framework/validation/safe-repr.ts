/**
 * The one way a rejected value may appear in a message (docs/reference/protocol.md#safe-repr):
 * Python-repr style quotes, control characters escaped, at most 200 code points.
 */
export function safeRepr(value: unknown, maxCodePoints = 200): string {
  const s = typeof value === 'string' ? value : String(value);
  const cps = Array.from(s);
  const cut = cps.length > maxCodePoints;
  const body = cps
    .slice(0, maxCodePoints)
    .map((ch) => {
      const c = ch.codePointAt(0)!;
      if (ch === '\\') return '\\\\';
      if (ch === "'") return "\\'";
      if (ch === '\n') return '\\n';
      if (ch === '\r') return '\\r';
      if (ch === '\t') return '\\t';
      if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0)) return '\\x' + c.toString(16).padStart(2, '0');
      if (c >= 0xd800 && c <= 0xdfff) return '\\u' + c.toString(16);
      return ch;
    })
    .join('');
  return `'${body}${cut ? '...' : ''}'`;
}

/** Same as {@link safeRepr} but without the surrounding quotes (for texts that quote themselves). */
export function safeText(value: unknown, maxCodePoints = 200): string {
  return safeRepr(value, maxCodePoints).slice(1, -1);
}

/** An argument *name* as it may appear in a message: plain identifiers as-is, anything else repr'd. */
export function safeKey(key: string): string {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(key) ? key : safeRepr(key, 64);
}
