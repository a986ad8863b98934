import fc from 'fast-check';
import { compilePattern } from '../../../src/services/search-pattern';
import { prefilterFormat, searchPrefilter, type SearchPrefilter } from '../../../src/services/search-prefilter';

/**
 * A model of tmux 3.3a's `#{C:…}` over one logical line (docs/reference/tools.md#search-prefilter):
 * the line wrapped into rows of `width` cells (a wide character that does not fit leaves its
 * cell empty and moves on), each row trimmed of trailing whitespace and searched on its own,
 * with ASCII-only case folding.
 */
function rowsOf(line: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  let cells = 0;
  for (const ch of line) {
    const w = ch.codePointAt(0)! > 0x7f ? 2 : 1;
    if (cells + w > width) {
      rows.push(row);
      row = '';
      cells = 0;
    }
    row += ch;
    cells += w;
  }
  rows.push(row);
  return rows.map((r) => r.replace(/\s+$/, ''));
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

function tmuxFinds(p: SearchPrefilter, line: string, width: number): boolean {
  if (width < p.minWidth) return true;
  return rowsOf(line, width).some((row) => p.needles.some((n) => (p.fold ? asciiLower(row).includes(asciiLower(n)) : row.includes(n))));
}

const pre = (pattern: string, regex = false, matchCase = false, start: number | null = null, end: number | null = null) =>
  searchPrefilter(compilePattern(pattern, regex, matchCase), start, end);

describe('search_panes prefilter (docs/reference/tools.md#search-prefilter)', () => {
  it('needles literal text, glob and format characters never reach tmux', () => {
    expect(pre('error')).toEqual({ needles: ['err', 'ror'], fold: true, minWidth: 6 });
    expect(pre('a*b?c[d]')!.needles.every((n) => /^[A-Za-z0-9\-_./=@+<>!~^&]+$/.test(n))).toBe(true);
    expect(pre('#{pane_id}')!.needles).toEqual(['pane', 'e_id']);
    expect(pre('}#(touch x)#{')!.needles).toEqual(['tou', 'uch']);
    expect(pre('hello world')).toMatchObject({ needles: ['hello', 'world'], minWidth: 12 });
    expect(prefilterFormat(pre('hello world')!)).toBe('#{||:#{e|<:#{pane_width},12},#{||:#{C/i:hello},#{C/i:world}}}');
    expect(prefilterFormat(pre('x', false, true)!)).toBe('#{||:#{e|<:#{pane_width},2},#{C:x}}');
  });

  it('has no needle where tmux could not be trusted', () => {
    for (const p of ['***', '   ', '#{}', '中文']) expect(pre(p)).toBeNull();
    // Case-insensitive: `k` and `s` also match the Kelvin sign and the long s in JavaScript.
    expect(pre('kSs')).toBeNull();
    expect(pre('ask')!.needles).toEqual(['a']);
    // Non-ASCII only when matching case, and never at a needle's end.
    expect(pre('中文x', false, true)!.needles).toEqual(['中文x', 'x']);
    expect(pre('x中文', false, true)!.needles).toEqual(['x']);
    // The history: tmux searches visible rows only.
    expect(pre('error', false, false, -10, null)).toBeNull();
    expect(pre('error', false, false, null, -1)).toBeNull();
    expect(pre('error', false, false, 0, 5)).not.toBeNull();
  });

  it('reads regexes conservatively', () => {
    expect(pre('^cap-[24]$', true)!.needles).toEqual(['ca', 'ap-']);
    expect(pre('foo|bar', true)).toBeNull();
    expect(pre('(foo|bar)baz', true)!.needles).toEqual(['ba', 'az']);
    expect(pre('colou?r', true)!.needles).toEqual(['co', 'olo']);
    expect(pre('\\x41BCDEF', true)!.needles).toEqual(['BCD', 'DEF']);
    expect(pre('\\berror\\b', true)!.needles).toEqual(['err', 'ror']);
    expect(pre('a\\.b\\.c', true)!.needles).toEqual(['a.b', 'b.c']);
    expect(pre('\\d+', true)).toBeNull();
  });

  const alphabet = fc.constantFrom(...'abcAB -_.*?[]{}#kKsSé中\u212A\u017F'.split(''));
  const text = (max: number) => fc.array(alphabet, { minLength: 1, maxLength: max }).map((a) => a.join(''));

  it('never rules out a line that the pattern matches (literal)', () => {
    fc.assert(
      fc.property(text(40), fc.nat(), fc.nat(), fc.boolean(), fc.integer({ min: 2, max: 30 }), (line, i, n, matchCase, width) => {
        const chars = [...line];
        const from = i % chars.length;
        const pattern = chars.slice(from, from + 1 + (n % 12)).join('');
        const matcher = compilePattern(pattern, false, matchCase);
        const p = searchPrefilter(matcher, null, null);
        if (p && new RegExp(matcher.source, matcher.flags).test(line)) expect(tmuxFinds(p, line, width)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('never rules out a line that the pattern matches (case variants, regex)', () => {
    const atoms = fc.constantFrom(
      'a',
      'b',
      'k',
      'S',
      '-',
      '.',
      '\\.',
      'é',
      'ab',
      '[ab]',
      '(a|b)',
      '\\d',
      '\\b',
      'x?',
      'y*',
      'z+',
      'q{0,2}',
      ' ',
    );
    fc.assert(
      fc.property(
        fc.array(atoms, { minLength: 1, maxLength: 8 }),
        text(40),
        fc.boolean(),
        fc.integer({ min: 2, max: 30 }),
        (parts, filler, matchCase, width) => {
          const source = parts.join('');
          const matcher = compilePattern(source, true, matchCase);
          const p = searchPrefilter(matcher, null, null);
          if (!p) return;
          // A line built to match: the regex's own shortest instance inside filler text.
          const instance = parts
            .map((a) =>
              a === '\\.'
                ? '.'
                : a === '[ab]' || a === '(a|b)'
                  ? 'b'
                  : a === '\\d'
                    ? '7'
                    : a === '\\b'
                      ? ''
                      : a.length === 2 && /[?*]/.test(a[1])
                        ? ''
                        : a === 'z+'
                          ? 'zz'
                          : a === 'q{0,2}'
                            ? 'q'
                            : a,
            )
            .join('');
          for (const variant of [instance, instance.toUpperCase(), instance.replace(/k/g, '\u212A').replace(/s/gi, '\u017F')]) {
            const line = `${filler.slice(0, 7)}${variant}${filler.slice(7)}`;
            if (new RegExp(matcher.source, matcher.flags).test(line)) expect(tmuxFinds(p, line, width)).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
