/**
 * docs/reference/engine.md#layout-crash: tmux 3.3a crashes on some malformed `select-layout`
 * arguments (`qqq`, `main-horizontal-mirrored`: any non-preset name whose first character is not
 * hex), and reads past the end of short strings such as `even`. So only two shapes ever reach tmux:
 * - a preset name tmux 3.3a has (`man tmux`, "The following layouts are supported"; the
 *   `-mirrored` variants arrived later and crash 3.3a), matched exactly (tmux itself would
 *   also accept unambiguous prefixes);
 * - a custom layout exactly as tmux prints it in `#{window_layout}`: `<4 lowercase hex
 *   checksum>,<cell>`, where a cell is `WxH,X,Y` followed by `,<pane id>` (a leaf) or by
 *   `{cell,cell…}` / `[cell,cell…]` (left-right / top-bottom children, at least two, as tmux
 *   collapses single-child containers), and the checksum matches (tmux's `layout_checksum`).
 */
export const BUILTIN_LAYOUTS: readonly string[] = ['even-horizontal', 'even-vertical', 'main-horizontal', 'main-vertical', 'tiled'];

/** tmux caps window sizes at 10000, so geometry never needs more than 5 digits. */
const GEOMETRY = /\d{1,5}x\d{1,5},\d{1,5},\d{1,5}(?![0-9])/y;
const PANE_ID = /,\d{1,10}(?![0-9])/y;
/** Nesting deeper than this is never produced by tmux for a real window; also bounds recursion. */
const MAX_DEPTH = 64;

/** tmux's `layout_checksum` over the text after `xxxx,` (ASCII only here: the grammar is checked first). */
export function layoutChecksum(body: string): number {
  let csum = 0;
  for (let i = 0; i < body.length; i++) {
    csum = ((csum >> 1) + ((csum & 1) << 15)) & 0xffff;
    csum = (csum + body.charCodeAt(i)) & 0xffff;
  }
  return csum;
}

/** Matches a sticky regex at `pos`: the position after the match, or -1. */
function match(re: RegExp, s: string, pos: number): number {
  re.lastIndex = pos;
  return re.test(s) ? re.lastIndex : -1;
}

/** Parses one cell at `pos`; returns the position after it, or -1 when malformed. */
function parseCell(s: string, pos: number, depth: number): number {
  if (depth > MAX_DEPTH) return -1;
  const g = match(GEOMETRY, s, pos);
  if (g < 0) return -1;
  pos = g;
  const open = s[pos];
  if (open === '{' || open === '[') {
    const close = open === '{' ? '}' : ']';
    let children = 0;
    do {
      pos = parseCell(s, pos + 1, depth + 1);
      if (pos < 0) return -1;
      children++;
    } while (s[pos] === ',');
    if (s[pos] !== close || children < 2) return -1;
    return pos + 1;
  }
  return match(PANE_ID, s, pos);
}

/** True for a preset name or a well-formed custom layout string (see above). */
export function isValidLayout(layout: string): boolean {
  if (BUILTIN_LAYOUTS.includes(layout)) return true;
  const m = /^([0-9a-f]{4}),/.exec(layout);
  if (!m) return false;
  const body = layout.slice(5);
  if (parseCell(body, 0, 0) !== body.length) return false;
  return layoutChecksum(body) === parseInt(m[1], 16);
}
