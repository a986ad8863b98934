/**
 * run_command's own output (docs/reference/tools.md#run_command, docs/reference/engine.md#run-output):
 * which rows of the pane the command printed, and how a long output is cut.
 *
 * The wrapper records the cursor in two pane options: where the command started (inside the
 * subshell, just before the command) and where it ended (just after it), as
 * `history_size cursor_y cursor_x [alternate_on]`. A row's absolute number is
 * `history_size + cursor_y`; while tmux keeps every row, it stays the same, so the output is the
 * rows from the start to the end position. tmux drops rows when its history reaches
 * `history-limit` (a tenth of the limit at a time), and a command may clear the screen and the
 * history itself: both are found here and handled (docs/reference/engine.md#run-output).
 */

/** A cursor position as the wrapper recorded it. */
export interface Mark {
  readonly history: number;
  readonly y: number;
  readonly x: number;
  /** The pane showed the alternate screen (a full-screen program's). */
  readonly alternate: boolean;
}

/** `history_size cursor_y cursor_x [alternate_on]`, or null when the option was never set. */
export function parseMark(text: string | undefined): Mark | null {
  const m = /^(\d+) (\d+) (\d+)(?: ([01]))?$/.exec((text ?? '').trim());
  if (!m) return null;
  return { history: Number(m[1]), y: Number(m[2]), x: Number(m[3]), alternate: m[4] === '1' };
}

/** The pane when the run is read back. */
export interface PaneNow {
  readonly history: number;
  readonly historyLimit: number;
}

/** Which rows to capture (relative to the current screen, as capture-pane -S/-E take them). */
export type OutputRange =
  /** The command ended on the alternate screen: its visible rows 0..end. */
  | { readonly kind: 'alternate'; readonly start: 0; readonly end: number; readonly endX: number; readonly skipColumns: 0 }
  /** Every row from `start` to `end` belongs to the output (the first `skipColumns` cells of the start row do not). */
  | { readonly kind: 'rows'; readonly start: number; readonly end: number; readonly endX: number; readonly skipColumns: number }
  /**
   * The history shrank although it is far from its limit: the command cleared it (`clear` on a
   * terminal that supports it), so what is left from the top down is what it printed since.
   */
  | { readonly kind: 'cleared'; readonly start: number; readonly end: number; readonly endX: number; readonly skipColumns: 0 }
  /**
   * The history is near its limit: tmux may have dropped rows since the start. The rows from the
   * top of the history to the end are read, and the wrapper's echo (just above the output) tells
   * where the output begins; if the echo is gone, so are the first lines of the output.
   */
  | { readonly kind: 'search'; readonly start: number; readonly end: number; readonly endX: number; readonly skipColumns: number };

/** Rows tmux drops at once when the history is full (grid_collect_history: a tenth of the limit). */
export const trimChunk = (limit: number): number => Math.max(Math.floor(limit / 10), 1);

/**
 * Where the output is, from the two marks and the pane now. The end row is where the cursor
 * stopped: with `endX` 0 the output ended with a newline and that row is not output.
 */
export function outputRange(start: Mark, end: Mark, now: PaneNow): OutputRange {
  if (end.alternate) return { kind: 'alternate', start: 0, end: end.y, endX: end.x, skipColumns: 0 };
  // Started on the alternate screen (an earlier program left it there) and ended on the main
  // one: where the output began on the main screen is not known; its visible rows are read.
  if (start.alternate) return { kind: 'cleared', start: 0, end: end.history + end.y - now.history, endX: end.x, skipColumns: 0 };
  const endRow = end.history + end.y - now.history;
  const top = -now.history;
  const nearLimit =
    now.historyLimit > 0 && Math.max(start.history, end.history, now.history) >= now.historyLimit - trimChunk(now.historyLimit);
  if (nearLimit) return { kind: 'search', start: top, end: endRow, endX: end.x, skipColumns: start.x };
  if (end.history < start.history || now.history < end.history)
    return { kind: 'cleared', start: top, end: endRow, endX: end.x, skipColumns: 0 };
  return { kind: 'rows', start: start.history + start.y - now.history, end: endRow, endX: end.x, skipColumns: start.x };
}

/**
 * Rows of output the history no longer holds, when the wrapper's echo is gone too (`search`
 * found nothing): tmux does not say how many rows it dropped, so this is the fewest consistent
 * with the start row being gone (the count is then reported as "at least").
 */
export function lostAtLeast(start: Mark, historyLimit: number): number {
  const startAbs = start.history + start.y;
  const chunk = trimChunk(historyLimit);
  return Math.max(1, Math.ceil((startAbs + 1) / chunk) * chunk - startAbs);
}

/**
 * Display width of one code point, as a terminal counts cells: 0 for combining marks and
 * zero-width characters, 2 for East Asian wide and fullwidth characters and most emoji.
 */
export function cellWidth(cp: number): number {
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff) return 0;
  if ((cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f))
    return 0;
  if (cp >= 0xfe00 && cp <= 0xfe0f) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

/** The first `columns` cells of `s` (a row as capture-pane prints it). */
export function takeColumns(s: string, columns: number): string {
  let used = 0;
  let out = '';
  for (const ch of s) {
    const w = cellWidth(ch.codePointAt(0)!);
    if (used + w > columns) break;
    used += w;
    out += ch;
  }
  return out;
}

/** `s` without its first `columns` cells. */
export function dropColumns(s: string, columns: number): string {
  return s.slice(takeColumns(s, columns).length);
}

/**
 * The output lines from a `-J` capture of the range's rows (`joined`) and the end row captured
 * alone with its trailing spaces (`endRow`, from `capture-pane -N`): the last logical line holds
 * the end row, of which only the first `endX` cells are output (the shell's prompt follows them);
 * with `endX` 0 the output ended with a newline and the end row is not output at all. Then the
 * first `skipColumns` cells of the first line (prompts a shell without line editing printed
 * before the output) are dropped. `sameRow`: the output started and ended on the end row.
 */
export function cutOutput(joined: readonly string[], endRow: string, endX: number, skipColumns: number, sameRow = false): string[] {
  // The command started and ended on one row: its output is that row's cells from the start to the end mark.
  if (sameRow) return endX > skipColumns ? [dropColumns(takeColumns(endRow, endX), skipColumns)] : [];
  const lines = [...joined];
  const last = lines.pop();
  if (last !== undefined && endX > 0) {
    const head = last.endsWith(endRow) ? last.slice(0, last.length - endRow.length) : '';
    lines.push(head + takeColumns(endRow, endX));
  }
  if (lines.length && skipColumns > 0) lines[0] = dropColumns(lines[0], skipColumns);
  return lines;
}

/** The budget of a run_command output when max_lines is null. */
export const OUTPUT_BUDGET = { lines: 400, bytes: 32 * 1024 } as const;

export interface BudgetedOutput {
  readonly output: string[];
  readonly truncated: boolean;
  /** Lines left out (the omitted middle, and lines lost to tmux's history). */
  readonly omitted: number;
}

const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Whole lines from the start of `lines` that fit in `bytes` (joined with newlines). */
function headBytes(lines: readonly string[], bytes: number): string[] {
  const out: string[] = [];
  let size = 0;
  for (const l of lines) {
    const add = utf8(l) + (out.length ? 1 : 0);
    if (size + add > bytes) break;
    size += add;
    out.push(l);
  }
  return out;
}

/** Whole lines from the end of `lines` that fit in `bytes`; a single line too long keeps its last bytes. */
function tailBytes(lines: readonly string[], bytes: number): string[] {
  const out: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const add = utf8(lines[i]) + (out.length ? 1 : 0);
    if (size + add > bytes) {
      if (!out.length) {
        const b = Buffer.from(lines[i], 'utf8');
        let from = b.length - bytes;
        while (from < b.length && (b[from] & 0xc0) === 0x80) from++;
        out.unshift(b.subarray(from).toString('utf8'));
      }
      break;
    }
    size += add;
    out.unshift(lines[i]);
  }
  return out;
}

const omittedLine = (n: number, atLeast: boolean): string =>
  atLeast ? `[... at least ${n} lines omitted (they left tmux's history) ...]` : `[... ${n} lines omitted ...]`;

/**
 * The lines of an output as the budget reads them: all of them (a fresh capture), or what a
 * finished run's record kept of them (its head and its tail, see {@link keepOutput}).
 */
export interface LineSource {
  /** How many lines the command printed that tmux still had (lines lost to its history not counted). */
  readonly total: number;
  /** Whether the lines fit the default budget (at most `lines` lines and `bytes` bytes joined). */
  fits(lines: number, bytes: number): boolean;
  /** The first `n` lines (n never exceeds what the default budget reads). */
  first(n: number): readonly string[];
  /** The last `n` lines, or fewer when fewer were kept. */
  last(n: number): readonly string[];
  /** Whether `last(n)` holds a line that was kept only by its end (longer than the record's bound). */
  cutIn?(n: number): boolean;
}

/** Every line of `lines`. */
export const allLines = (lines: readonly string[]): LineSource => ({
  total: lines.length,
  fits: (maxL, maxB) => lines.length <= maxL && utf8(lines.join('\n')) <= maxB,
  first: (n) => lines.slice(0, n),
  last: (n) => lines.slice(Math.max(0, lines.length - n)),
});

/**
 * The bounded output (docs/reference/tools.md#run_command): with `maxLines` the last N lines; else
 * at most 400 lines and 32 KiB, the middle replaced by one `[... N lines omitted ...]` line (head
 * about a fifth, tail four fifths of the budget). `lost` lines left tmux's history before they
 * could be read: they are counted as omitted (at the start, since they were the oldest), never
 * silently dropped; `lostIsLowerBound` when tmux's count could not be recovered exactly.
 */
export function budgetOutput(lines: readonly string[], maxLines: number | null, lost = 0, lostIsLowerBound = false): BudgetedOutput {
  return budgetSource(allLines(lines), maxLines, lost, lostIsLowerBound);
}

/** {@link budgetOutput} over a line source: the lines returned plus those omitted are always all of them. */
export function budgetSource(src: LineSource, maxLines: number | null, lost = 0, lostIsLowerBound = false): BudgetedOutput {
  if (maxLines !== null) {
    const kept = src.last(maxLines);
    const dropped = src.total - kept.length;
    return { output: [...kept], truncated: dropped + lost > 0 || (src.cutIn?.(maxLines) ?? false), omitted: dropped + lost };
  }
  const { lines: maxL, bytes: maxB } = OUTPUT_BUDGET;
  const fits = src.fits(maxL, maxB);
  if (fits && lost === 0) return { output: [...src.first(src.total)], truncated: false, omitted: 0 };
  // Lines lost to the history were the oldest: nothing is left of the head.
  const headLines = lost > 0 ? 0 : Math.floor(maxL / 5);
  if (fits) return { output: [omittedLine(lost, lostIsLowerBound), ...src.first(src.total)], truncated: true, omitted: lost };
  const headB = lost > 0 ? 0 : Math.floor(maxB / 5);
  // The tail first (it is most of the budget and holds the end), then the head from what is left.
  const tail = tailBytes(src.last(maxL - headLines), maxB - headB);
  const tailStart = src.total - tail.length;
  const head = headBytes(src.first(Math.min(headLines, tailStart)), headB);
  const omitted = tailStart - head.length + lost;
  // A single line longer than the budget keeps its end; nothing is omitted then, only cut.
  const marker = omitted > 0 ? [omittedLine(omitted, lostIsLowerBound && lost > 0)] : [];
  return { output: [...head, ...marker, ...tail], truncated: true, omitted };
}

/** What a finished run's record keeps of its output (docs/reference/tools.md#wait_for_run). */
export const KEEP = { lines: 1000, bytes: 128 * 1024 } as const;

/** A finished run's output as its record keeps it: bounded, and always with the exact count. */
export interface KeptOutput {
  readonly total: number;
  /** Every line when `complete`; else the first lines the default budget can show. */
  readonly head: readonly string[];
  /** The last lines (at most KEEP.lines and KEEP.bytes); empty when `complete`. */
  readonly tail: readonly string[];
  readonly complete: boolean;
  /** The first line of `tail` is kept only by its last KEEP.bytes bytes. */
  readonly tailCut: boolean;
  readonly lost: number;
  readonly lostIsLowerBound: boolean;
}

/**
 * Keeps what any later view of the output can need (docs/reference/tools.md#wait_for_run): all
 * of it when it is at most KEEP.lines lines and KEEP.bytes; else the head the default budget
 * shows (80 lines, 6,553 bytes) and the last lines up to KEEP.lines and KEEP.bytes, which hold
 * the default budget's tail and the last `max_lines` for any `max_lines` up to KEEP.lines.
 */
export function keepOutput(lines: readonly string[], lost: number, lostIsLowerBound: boolean): KeptOutput {
  const src = allLines(lines);
  if (src.fits(KEEP.lines, KEEP.bytes))
    return { total: lines.length, head: [...lines], tail: [], complete: true, tailCut: false, lost, lostIsLowerBound };
  const head = headBytes(lines.slice(0, Math.floor(OUTPUT_BUDGET.lines / 5)), Math.floor(OUTPUT_BUDGET.bytes / 5));
  const tail = tailBytes(lines.slice(Math.max(0, lines.length - KEEP.lines)), KEEP.bytes);
  // tailBytes keeps a single line longer than the bound by its end, and only when it is the last.
  const tailCut = tail.length === 1 && tail[0] !== lines[lines.length - 1];
  return { total: lines.length, head, tail, complete: false, tailCut, lost, lostIsLowerBound };
}

/** A kept output as a line source for {@link budgetSource}. */
export function keptLines(k: KeptOutput): LineSource {
  if (k.complete) return allLines(k.head);
  return {
    total: k.total,
    fits: () => false, // more than KEEP's bounds, so more than the default budget's
    first: (n) => k.head.slice(0, n),
    last: (n) => k.tail.slice(Math.max(0, k.tail.length - n)),
    cutIn: (n) => k.tailCut && n >= k.tail.length,
  };
}
