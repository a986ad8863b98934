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
export function regexReason(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const m = /^Invalid regular expression: \/[\s\S]*\/[a-z]*: ([^/]*)$/.exec(msg);
  return m ? m[1] : 'invalid pattern';
}

/**
 * A caller's pattern, checked but never run on the server's own thread: only the pattern
 * matcher (pattern-matcher.service.ts) runs it, within a budget (docs/reference/tools.md#pattern-budget).
 * `source` and `flags` are the RegExp's; `given` is the caller's text, for the too-costly error.
 */
export interface CallerPattern {
  readonly source: string;
  readonly flags: string;
  readonly given: string;
}

/**
 * Checks a caller's regular expression: `new RegExp` parses it (in time linear in its length;
 * V8 compiles it only at its first use, which happens in the pattern worker). A bad one →
 * `Invalid regex pattern: <reason>`.
 */
export function callerPattern(source: string, flags: string, given: string = source): CallerPattern {
  try {
    new RegExp(source, flags);
  } catch (err) {
    throw new ExpectedToolError(`Invalid regex pattern: ${regexReason(err)}`, { cause: err });
  }
  return { source, flags, given };
}

/**
 * Compiles a search/wait pattern: literal (escaped) unless `regex`, case-insensitive unless
 * `matchCase`. Regexes are JavaScript RegExp; the `u` flag (code-point `.` and Unicode case
 * folding, closer to Python's `re`) is used when the pattern allows it, else plain mode so
 * patterns like `\-` keep working. A bad pattern → `Invalid regex pattern: <reason>`.
 */
export function compilePattern(pattern: string, regex: boolean, matchCase: boolean): CallerPattern {
  const source = regex ? pattern : escapeRegExp(pattern);
  const flags = matchCase ? '' : 'i';
  try {
    new RegExp(source, flags + 'u');
    return { source, flags: flags + 'u', given: pattern };
  } catch {
    return callerPattern(source, flags, pattern);
  }
}
