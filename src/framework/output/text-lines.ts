/**
 * The one line rule of every line count a result reports (`content_truncated_lines`,
 * `output_truncated_lines`, the omitted markers): a line ends at `\n`, `\r\n` or `\r` alike
 * (docs/reference/protocol.md#line-counts). Text from a buffer or a program may use any of the
 * three; counting only `\n` reports 0 lines for `\r`-separated text.
 */
const LINE_BREAK = /\r\n|\n|\r/g;

/** Splits like Python's `str.splitlines` for the three terminators: a final terminator adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(LINE_BREAK);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** How many line terminators `text` holds (`\r\n` is one), i.e. the whole lines in it. */
export function countLineBreaks(text: string): number {
  return text.match(LINE_BREAK)?.length ?? 0;
}
