import { allLines, budgetOutput, budgetSource, KEEP, keepOutput, keptLines } from '../../../src/services/run-output';

/**
 * What a finished run's record keeps of its output (docs/reference/tools.md#runs): every view
 * wait_for_run can ask for (the default bound, or max_lines up to KEEP.lines) is the view the whole
 * output would give, and the counts stay exact for any max_lines.
 */
const nums = (n: number, width = 0): string[] => Array.from({ length: n }, (_, i) => String(i + 1).padStart(width, '0'));

const outputs: [string, string[]][] = [
  ['empty', []],
  ['short', nums(10)],
  ['at the budget', nums(400)],
  ['over the budget, under KEEP', nums(900)],
  ['over KEEP by lines', nums(5000)],
  ['over KEEP by bytes', nums(800, 400)],
  ['one huge line', ['x'.repeat(300_000)]],
  ['wide lines then short', [...nums(200, 2000), ...nums(600)]],
];

describe('a run record keeps what every later view needs', () => {
  it.each(outputs)('%s: the default view and max_lines views match the whole output', (_name, lines) => {
    for (const [lost, lowerBound] of [
      [0, false],
      [37, false],
      [120, true],
    ] as const) {
      const kept = keptLines(keepOutput(lines, lost, lowerBound));
      expect(budgetSource(kept, null, lost, lowerBound)).toEqual(budgetOutput(lines, null, lost, lowerBound));
      for (const maxLines of [1, 5, 80, 400, KEEP.lines]) {
        const whole = budgetOutput(lines, maxLines, lost, lowerBound);
        const view = budgetSource(kept, maxLines, lost, lowerBound);
        const lastN = lines.slice(Math.max(0, lines.length - maxLines));
        if (Buffer.byteLength(lastN.join('\n')) <= KEEP.bytes) expect(view).toEqual(whole);
        else {
          // More than the record keeps: the newest lines it kept, the rest counted (kept + omitted = all).
          expect(view.output.length + view.omitted).toBe(lines.length + lost);
          expect(view.truncated).toBe(true);
          const tail = whole.output.slice(whole.output.length - view.output.length);
          if (lines.some((l) => Buffer.byteLength(l) > KEEP.bytes))
            expect(view.output.map((l) => l.slice(-1000))).toEqual(tail.map((l) => l.slice(-1000)));
          else expect(view.output).toEqual(tail);
        }
      }
    }
  });

  it('max_lines beyond what was kept returns the kept lines and counts the rest as omitted (kept + omitted = all)', () => {
    const lines = nums(5000);
    const v = budgetSource(keptLines(keepOutput(lines, 0, false)), 3000);
    expect(v.output).toEqual(nums(5000).slice(5000 - KEEP.lines));
    expect(v.output.length + v.omitted).toBe(5000);
    expect(v.truncated).toBe(true);
  });

  it('keeps at most KEEP.lines lines and about KEEP.bytes bytes besides the head', () => {
    const k = keepOutput(nums(100_000, 100), 0, false);
    expect(k.complete).toBe(false);
    expect(k.tail.length).toBeLessThanOrEqual(KEEP.lines);
    expect(Buffer.byteLength(k.tail.join('\n'))).toBeLessThanOrEqual(KEEP.bytes);
    expect(k.head.length).toBeLessThanOrEqual(80);
    expect(k.total).toBe(100_000);
    expect(allLines(nums(3)).last(10)).toEqual(nums(3));
  });
});
