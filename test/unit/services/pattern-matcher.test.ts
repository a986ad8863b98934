import 'reflect-metadata';
import { PatternMatcher, PatternTooCostly } from '../../../src/services/pattern-matcher.service';
import { compilePattern } from '../../../src/services/search-pattern';

/**
 * The pattern budget (docs/reference/tools.md#pattern-budget) counts the worker's matching, not
 * the server's own business: an answer the worker gave while the event loop was busy is taken
 * when the budget's timer fires late, and only a pattern still running is too costly.
 */
describe('PatternMatcher budget', () => {
  const matcher = new PatternMatcher({ commandTimeout: 30 });
  afterAll(() => matcher.shutdown());

  /** Holds the event loop, as 200 calls answered at once can on a busy machine. */
  const holdEventLoop = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  it('an answer that came while the event loop was held past the budget is the answer', async () => {
    const literal = compilePattern('HZ-MARK', false, true);
    // A started worker: the budget counts from its start.
    expect(await matcher.match([{ pattern: literal, texts: ['a', 'x HZ-MARK y'] }])).toEqual([[1]]);
    const pending = matcher.match([{ pattern: literal, texts: ['HZ-MARK', 'b', 'HZ-MARK'] }]);
    // Held from an immediate: when it lets go, the event loop's next turn runs the timers (the
    // budget's is due by then) before it delivers the worker's answer.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        holdEventLoop(3000);
        resolve();
      }),
    );
    await expect(pending).resolves.toEqual([[0, 2]]);
  });

  it('a pattern still running when the budget runs out is too costly, and the next one is answered', async () => {
    const costly = compilePattern('(a+)+$', true, true);
    await expect(matcher.match([{ pattern: costly, texts: [`${'a'.repeat(40)}!`] }])).rejects.toBeInstanceOf(PatternTooCostly);
    expect(await matcher.match([{ pattern: compilePattern('b+', true, true), texts: ['abba', 'cc'] }])).toEqual([[0]]);
  });
});
