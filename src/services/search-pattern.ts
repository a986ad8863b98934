import { ExpectedToolError } from '../framework/errors/tool-errors';

/** Escapes every RegExp syntax character: a literal pattern matches itself (docs/reference/tools.md#search_panes). */
export function escapeRegExp(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * V8's message is `Invalid regular expression: /<source>/<flags>: <reason>`. Only the reason is
 * kept: the source is the caller's input and is never echoed
 * (docs/reference/protocol.md#never-echoing-values).
 */
function reasonOf(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const m = /^Invalid regular expression: \/[\s\S]*\/[a-z]*: ([^/]*)$/.exec(msg);
  return m ? m[1] : 'invalid pattern';
}

/**
 * Compiles a search/wait pattern: literal (escaped) unless `regex`, case-insensitive unless
 * `matchCase`. Regexes are JavaScript RegExp; the `u` flag (code-point `.` and Unicode case
 * folding, closer to Python's `re`) is used when the pattern allows it, else plain mode so
 * patterns like `\-` keep working. A bad pattern → `Invalid regex pattern: <reason>`.
 */
export function compilePattern(pattern: string, regex: boolean, matchCase: boolean): RegExp {
  const source = regex ? pattern : escapeRegExp(pattern);
  const flags = matchCase ? '' : 'i';
  try {
    return new RegExp(source, flags + 'u');
  } catch {
    try {
      return new RegExp(source, flags);
    } catch (err) {
      throw new ExpectedToolError(`Invalid regex pattern: ${reasonOf(err)}`, { cause: err });
    }
  }
}
