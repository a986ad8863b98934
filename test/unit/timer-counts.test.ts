import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Guard for docs/architecture.md#timing-in-tests: no test asserts an exact count of something a
 * real timer paces (progress notifications, ticks, polls, heartbeats, state reads). On a busy
 * machine a timer fires late or a period is skipped, so such a count is a coin toss; the test
 * asserts the property instead (at least one, at most the stated bound, monotonic). A count taken
 * on jest's fake clock is exact by construction: mark its line (or the line above) with
 * `fake clock` in a comment.
 */
const ROOT = join(__dirname, '..', '..');
const SELF = relative(ROOT, __filename);

/** What a real timer paces, as test code names it. */
const PACED = /progress|tick|poll|beat|stateread|reads\b|notification|wake|timer/i;
/** One expect(...) and its exact-count matcher; two levels of nested parentheses in the receiver. */
const EXACT =
  /expect\(\s*((?:[^()]|\((?:[^()]|\([^()]*\))*\))*?)\s*,?\s*\)\s*\.\s*(?:not\s*\.\s*)?(toBe|toEqual|toStrictEqual|toHaveLength|toHaveBeenCalledTimes)\(\s*(\d+)\s*\)/g;

/** The exact counts of timer-paced things in one source text, as `line: text`. */
export function exactTimerCounts(source: string): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  for (const m of source.matchAll(EXACT)) {
    const [, receiver, matcher] = m;
    // Arguments of calls in the receiver (a filter's callback) say nothing about what is counted.
    let bare = receiver;
    while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, '');
    // What is counted: the array before `.length`, the mock, or the counter itself (its last
    // member: `progress[0].total` is a field of a notification, not a count of them).
    const counted =
      matcher === 'toHaveLength' || matcher === 'toHaveBeenCalledTimes'
        ? bare
        : /\.length$/.test(bare)
          ? bare.replace(/\.length$/, '')
          : (/([\w$]+)$/.exec(bare)?.[1] ?? '');
    if (!PACED.test(counted)) continue;
    const at = source.slice(0, m.index).split('\n').length;
    if (/fake clock/.test(lines[at - 1]) || (at >= 2 && /fake clock/.test(lines[at - 2]))) continue;
    found.push(`${at}: ${lines[at - 1].trim()}`);
  }
  return found;
}

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('no exact counts of timer-paced events (docs/reference/protocol.md#progress)', () => {
  it('recognizes an exact count of timer-paced things, and only that', () => {
    expect(exactTimerCounts('expect(engine.stateReads).toBe(3);')).toEqual(['1: expect(engine.stateReads).toBe(3);']);
    expect(exactTimerCounts('x\n  expect(progress.length).toBe(2);')).toHaveLength(1);
    expect(exactTimerCounts('expect(seenProgress).toHaveLength(4);')).toHaveLength(1);
    expect(exactTimerCounts('expect(onTick).toHaveBeenCalledTimes(5);')).toHaveLength(1);
    expect(exactTimerCounts('expect(\n  notifications.filter((n) => n.kind === "p").length,\n).toEqual(7);')).toHaveLength(1);
    // Bounds, fields of a notification, state counts and fake-clock counts pass.
    expect(exactTimerCounts('expect(progress.length).toBeGreaterThanOrEqual(2);')).toEqual([]);
    expect(exactTimerCounts('expect(progress[0].total).toBe(20);')).toEqual([]);
    expect(exactTimerCounts('expect(r.results).toHaveLength(2);')).toEqual([]);
    expect(exactTimerCounts('// fake clock: one read a second\nexpect(reads.length).toBe(6);')).toEqual([]);
  });

  it('finds none in the suite', () => {
    const hits = ['test', 'bench']
      .flatMap((d) => files(join(ROOT, d)))
      .filter((f) => relative(ROOT, f) !== SELF)
      .flatMap((f) => exactTimerCounts(readFileSync(f, 'utf8')).map((h) => `${relative(ROOT, f)}:${h}`));
    expect(hits).toEqual([]);
  });
});
