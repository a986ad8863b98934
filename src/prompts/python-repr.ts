/**
 * Python-style rendering of values inside prompt bodies
 * (docs/reference/resources-and-prompts.md#prompts): strings as `repr()` would print them (`'%1'`,
 * or double quotes when the text holds a single quote and no double quote), numbers in their
 * shortest form (`60`, `0.5`).
 */
export function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += '\\x' + hex(c, 2);
    else if (ch !== ' ' && /^[\p{C}\p{Z}]$/u.test(ch))
      out += c > 0xffff ? '\\U' + hex(c, 8) : c > 0xff ? '\\u' + hex(c, 4) : '\\x' + hex(c, 2);
    else out += ch;
  }
  return quote + out + quote;
}

const hex = (c: number, width: number) => c.toString(16).padStart(width, '0');

/** Shortest decimal form of a finite number (`60`, not `60.0`). */
export function shortNumber(n: number): string {
  return String(n);
}
