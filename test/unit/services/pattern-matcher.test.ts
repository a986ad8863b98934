import 'reflect-metadata';
import { readFileSync, readlinkSync } from 'node:fs';
import { jobCpuMs, PatternMatcher, PatternTooCostly } from '../../../src/services/pattern-matcher.service';
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

describe('PatternMatcher CPU accounting (Linux)', () => {
  const linux = process.platform === 'linux' ? it : it.skip;

  linux('a worker that has not written its thread id yet has used no CPU on the job (not unknown: not wall time)', () => {
    // A thread the machine has not run yet: nothing written.
    expect(jobCpuMs({ cpu: new Int32Array(3) }, 1)).toBe(0);
  });

  linux("a begun job's CPU time is the thread's ticks since it began, read from the kernel", () => {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    const stat = readFileSync(`/proc/thread-self/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    // Job 7 began at this thread's ticks now: what it used since is small and never negative.
    const used = jobCpuMs({ cpu: Int32Array.from([tid, 7, ticks]) }, 7);
    expect(used).not.toBeNull();
    expect(used).toBeGreaterThanOrEqual(0);
    // Another job than the one the worker began has used nothing yet.
    expect(jobCpuMs({ cpu: Int32Array.from([tid, 7, ticks]) }, 8)).toBe(0);
    // Counted from the thread's start (ticks 0), the job has all the thread's CPU time.
    expect(jobCpuMs({ cpu: Int32Array.from([tid, 7, 0]) }, 7)).toBeGreaterThanOrEqual(ticks * 10);
  });
});
