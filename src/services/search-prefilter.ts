/**
 * search_panes' tmux-side prefilter (docs/reference/tools.md#search-prefilter): text that every
 * match of the caller's pattern must contain, asked of tmux's own pane search (`#{C:…}`) so
 * that panes which certainly cannot match are never captured.
 *
 * tmux 3.3a's `#{C:text}` (window_pane_search) checks each visible row of the pane on its own,
 * trailing whitespace trimmed, with fnmatch `*text*` (`C/i`: FNM_CASEFOLD). Our capture joins
 * wrapped rows (`-J`) and matches with a JavaScript RegExp. A pane may be skipped only when no
 * line of its capture can match, so a needle here is:
 *  - made of characters that mean themselves to fnmatch and to tmux's format parser (ASCII
 *    letters, digits and `-_./=@+<>!~^&`; other characters only when matching case, and never
 *    at a needle's end, which tmux's byte-wise trim could reach in some locales), with no
 *    whitespace, so trimming and glob syntax cannot hide it;
 *  - for a case-insensitive search ASCII only and without `k` and `s`: JavaScript's Unicode
 *    case folding also matches `K` (Kelvin sign) and `ſ` (long s) to them, fnmatch does not;
 *  - chosen in pairs so a match cut by a row boundary still leaves one of the two whole in one
 *    row: `a` ends at most one character after `b` starts, both inside a segment that always
 *    lies in the match and is short enough (`minWidth`) to cross at most one row boundary.
 */

export interface SearchPrefilter {
  /** One or two needles: a pane is a candidate when a visible row contains either. */
  readonly needles: readonly string[];
  /** Case-insensitive (`C/i`). */
  readonly fold: boolean;
  /** Panes narrower than this are always candidates: the segment could span three rows there. */
  readonly minWidth: number;
}

const SAFE_ASCII = /^[A-Za-z0-9\-_./=@+<>!~^&]$/;

/** Whether `ch` may stand in a needle (its end is checked apart: ASCII only). */
function safe(ch: string, fold: boolean): boolean {
  if (SAFE_ASCII.test(ch)) return !(fold && /^[ksKS]$/.test(ch));
  // Non-ASCII: exact bytes only (no folding), and never whitespace-like.
  return !fold && ch.codePointAt(0)! > 0x7f && !/^[\s\p{Z}\p{C}]$/u.test(ch);
}

/** An upper bound of the cells a segment takes in a pane: a tab up to 8, anything wide 2. */
function cellsUpper(chars: readonly string[]): number {
  return chars.reduce((n, ch) => n + (ch === '\t' ? 8 : ch.codePointAt(0)! < 0x7f ? 1 : 2), 0);
}

interface Run {
  start: number;
  end: number; // exclusive, in code points
}

const ascii = (ch: string): boolean => ch.codePointAt(0)! <= 0x7f;

/** Drops non-ASCII characters from a run's end: tmux's trim could reach a non-ASCII byte in some locales. */
function asciiEnd(chars: readonly string[], r: Run): Run | null {
  let end = r.end;
  while (end > r.start && !ascii(chars[end - 1])) end--;
  return end > r.start ? { start: r.start, end } : null;
}

/** Maximal runs of needle characters in `chars`; a run also ends before each index in `breaks`. */
function runsOf(chars: readonly string[], fold: boolean, breaks: ReadonlySet<number> = new Set()): Run[] {
  const runs: Run[] = [];
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const ok = i < chars.length && safe(chars[i], fold);
    if (start >= 0 && (!ok || breaks.has(i))) {
      const r = asciiEnd(chars, { start, end: i });
      if (r) runs.push(r);
      start = -1;
    }
    if (ok && start < 0) start = i;
  }
  return runs;
}

const len = (r: Run) => r.end - r.start;

interface Choice {
  a: Run;
  b: Run;
}

const score = (c: Choice) => Math.min(len(c.a), len(c.b));

/**
 * One run split in two halves that share a character: a cut anywhere leaves one half whole. The
 * first half must end with ASCII too, so the shared character is the ASCII one nearest the middle.
 */
function split(chars: readonly string[], r: Run): Choice {
  let best: Choice | null = null;
  for (let t = r.start + 1; t <= r.end; t++) {
    if (!ascii(chars[t - 1])) continue;
    const c = { a: { start: r.start, end: t }, b: { start: t - 1, end: r.end } };
    if (!best || score(c) > score(best)) best = c;
  }
  return best!; // a run ends with ASCII, so t = r.end always qualifies
}

function build(chars: readonly string[], c: Choice, fold: boolean): SearchPrefilter {
  const text = (r: Run) => chars.slice(r.start, r.end).join('');
  return { needles: [...new Set([text(c.a), text(c.b)])], fold, minWidth: cellsUpper(chars.slice(c.a.start, c.b.end)) + 1 };
}

/**
 * The best pair for a literal pattern: the whole pattern is in every match, so any two runs
 * (the earlier as `a`) or the halves of one run will do; the longer the shorter needle, the fewer
 * panes pass.
 */
function literalChoice(chars: readonly string[], fold: boolean): Choice | null {
  let best: Choice | null = null;
  let longest: Run | null = null;
  for (const r of runsOf(chars, fold)) {
    const candidates = [split(chars, r), ...(longest ? [{ a: longest, b: r }] : [])];
    for (const c of candidates) if (!best || score(c) > score(best)) best = c;
    if (!longest || len(r) > len(longest)) longest = r;
  }
  return best;
}

/** How many characters after `\` + letter/digit at src[i] belong to the escape (ES2018 syntax). */
function escapeTail(src: readonly string[], i: number): number {
  const n = src[i + 1];
  const count = (re: RegExp, max: number) => {
    let k = 0;
    while (k < max && i + 2 + k < src.length && re.test(src[i + 2 + k])) k++;
    return k;
  };
  const braced = (open: string, close: string) => {
    if (src[i + 2] !== open) return 0;
    const j = src.indexOf(close, i + 2);
    return j < 0 ? src.length - i - 2 : j - i - 1;
  };
  if (n === 'x') return count(/^[0-9A-Fa-f]$/, 2);
  if (n === 'u') return src[i + 2] === '{' ? braced('{', '}') : count(/^[0-9A-Fa-f]$/, 4);
  if (n === 'c') return count(/^[A-Za-z]$/, 1);
  if (n === 'p' || n === 'P') return braced('{', '}');
  if (n === 'k') return braced('<', '>');
  if (/^[0-9]$/.test(n)) return count(/^[0-9]$/, Infinity);
  return 0;
}

/** Index after the group `(`…`)` or class `[`…`]` that opens at src[i]; escapes and nested classes honoured. */
function skipGroup(src: readonly string[], i: number): number {
  const close = src[i] === '(' ? ')' : ']';
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (close === ')' && src[j] === '[') j = skipGroup(src, j) - 1;
    else if (close === ')' ? src[j] === '(' : j === i) depth++;
    else if (src[j] === close && --depth === 0) return j + 1;
  }
  return src.length;
}

interface Parsed {
  /** The literal characters read, in order. */
  chars: string[];
  /** Indexes of `chars` before which a run ends (something not literal stood there). */
  breaks: Set<number>;
}

/**
 * The literal characters of a JavaScript regex source, read conservatively at the top level
 * only: `|` outside a group or class gives up (null); groups, classes, escapes other than
 * escaped punctuation, `.`, `^`, `$` end a run; a character followed by `?`, `*` or `{` is
 * dropped (it may occur zero times), one followed by `+` ends its run (it may repeat). Every
 * match contains each run, but two runs may lie any distance apart.
 */
function parseRegex(source: string): Parsed | null {
  const src = [...source];
  const chars: string[] = [];
  const breaks = new Set<number>();
  const brk = () => breaks.add(chars.length);
  let lastLiteral = false;
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c === '|') return null;
    if (c === '*' || c === '?' || c === '{' || c === '+') {
      if (c !== '+' && lastLiteral) chars.pop();
      brk();
      lastLiteral = false;
      if (c === '{') {
        const j = src.indexOf('}', i);
        i = j < 0 ? src.length : j + 1;
      } else i++;
      if (src[i] === '?') i++; // lazy
      continue;
    }
    if (c === '\\') {
      const n = src[i + 1] ?? '';
      if (/^[!-/:-@[-`{-~]$/.test(n)) {
        // Escaped ASCII punctuation means itself, with or without the `u` flag.
        chars.push(n);
        lastLiteral = true;
        i += 2;
        continue;
      }
      // \d, \b, \x41, \u{…}, \p{…}, \k<…>, \1 …: not literal text.
      brk();
      lastLiteral = false;
      i += 2 + escapeTail(src, i);
      continue;
    }
    if (c === '(' || c === '[') {
      brk();
      lastLiteral = false;
      i = skipGroup(src, i);
      continue;
    }
    if (c === '.' || c === '^' || c === '$' || c === ')' || c === ']' || c === '}') {
      brk();
      lastLiteral = false;
      i++;
      continue;
    }
    chars.push(c);
    lastLiteral = true;
    i++;
  }
  return { chars, breaks };
}

/**
 * The prefilter for a search's compiled pattern, or null when none can be sound (no needle
 * characters, `|` in the pattern). A source with nothing but literal characters and escaped
 * punctuation (every literal pattern, escaped by search-pattern.ts) is text that every match
 * contains whole; otherwise one literal run of it is. `contentStart`/`contentEnd` are the
 * capture range: tmux searches the visible rows only, so a range into the history has none.
 */
export function searchPrefilter(
  matcher: { readonly source: string; readonly flags: string },
  contentStart: number | null,
  contentEnd: number | null,
): SearchPrefilter | null {
  if ((contentStart !== null && contentStart < 0) || (contentEnd !== null && contentEnd < 0)) return null;
  const fold = matcher.flags.includes('i');
  const parsed = parseRegex(matcher.source);
  if (!parsed) return null;
  const { chars, breaks } = parsed;
  if (breaks.size === 0) {
    const c = literalChoice(chars, fold);
    return c ? build(chars, c, fold) : null;
  }
  const runs = runsOf(chars, fold, breaks);
  if (!runs.length) return null;
  const best = runs.reduce((x, y) => (len(y) > len(x) ? y : x));
  const run = chars.slice(best.start, best.end);
  return build(run, split(run, { start: 0, end: run.length }), fold);
}

/**
 * The `list-panes -f` filter: true for a pane that is narrower than `minWidth` or has a visible
 * row containing a needle. Needles hold no `#`, `{`, `}`, `,` or `:`, so the format cannot be
 * changed by them.
 */
export function prefilterFormat(p: SearchPrefilter): string {
  const mod = p.fold ? 'C/i' : 'C';
  const found = p.needles.map((n) => `#{${mod}:${n}}`);
  const any = found.length === 1 ? found[0] : `#{||:${found[0]},${found[1]}}`;
  return `#{||:#{e|<:#{pane_width},${p.minWidth}},${any}}`;
}
