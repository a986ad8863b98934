/**
 * Pure helpers shared by the pane reading tools: trailing-blank trimming and tail-preserving
 * truncation by lines and UTF-8 bytes (docs/reference/tools.md#capture_since; cuts land on character
 * boundaries, docs/reference/protocol.md#strings).
 */

const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

/** tmux pads the visible screen with empty rows: drop trailing empty lines (as libtmux does). */
export function trimTrailingEmpty(lines: string[]): string[] {
  let n = lines.length;
  while (n > 0 && lines[n - 1] === '') n--;
  return n === lines.length ? lines : lines.slice(0, n);
}

/** Keeps the last `max` lines (`null` = all); reports how many head lines were dropped. */
export function tailLines(lines: string[], max: number | null): { kept: string[]; dropped: number } {
  if (max === null || lines.length <= max) return { kept: lines, dropped: 0 };
  return { kept: lines.slice(lines.length - max), dropped: lines.length - max };
}

/** The last `maxBytes` UTF-8 bytes of `s`, starting on a character boundary (docs/reference/protocol.md#strings). */
export function tailUtf8(s: string, maxBytes: number): string {
  const b = Buffer.from(s, 'utf8');
  if (b.length <= maxBytes) return s;
  let start = b.length - maxBytes;
  while (start < b.length && (b[start] & 0xc0) === 0x80) start++;
  return b.subarray(start).toString('utf8');
}

export interface LimitedLines {
  lines: string[];
  truncated: boolean;
  truncated_lines: number;
  truncated_bytes: number;
}

/**
 * Tail-preserving limits of capture_since (docs/reference/tools.md#capture_since; also used for
 * wait_for_text's tail): first `maxLines`, then drop the oldest whole lines while the UTF-8 size of
 * the newline-joined text exceeds `maxBytes`; a single remaining line is cut to its last `maxBytes`
 * bytes. No in-band marker.
 */
export function limitLines(input: readonly string[], maxLines: number | null, maxBytes: number | null): LimitedLines {
  let kept = [...input];
  let lines = 0;
  let bytes = 0;
  if (maxLines !== null && kept.length > maxLines) {
    const dropped = kept.slice(0, kept.length - maxLines);
    kept = kept.slice(kept.length - maxLines);
    lines += dropped.length;
    bytes += utf8(dropped.join('\n'));
  }
  if (maxBytes !== null) {
    let size = utf8(kept.join('\n'));
    let first = 0;
    while (kept.length - first > 0 && size > maxBytes) {
      if (kept.length - first === 1) {
        const line = kept[first];
        const cut = tailUtf8(line, maxBytes);
        bytes += utf8(line) - utf8(cut);
        kept[first] = cut;
        break;
      }
      const removed = kept[first++];
      // The removed line and the newline that joined it to the next one.
      size -= utf8(removed) + 1;
      lines += 1;
      bytes += utf8(removed) + 1;
    }
    kept = kept.slice(first);
  }
  return { lines: kept, truncated: lines > 0 || bytes > 0, truncated_lines: lines, truncated_bytes: bytes };
}
