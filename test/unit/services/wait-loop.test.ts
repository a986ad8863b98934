import type { ToolCallContext } from '../../../src/framework/pipeline/call-context';
import { WaitLoop, type Wake, type WaitLoopOptions } from '../../../src/services/wait-loop';
import type { ProcessRunner } from '../../../src/tmux/process-runner';
import type { PaneEvent, TmuxEngine } from '../../../src/tmux/tmux-engine';
import { HostConnectionLost } from '../../../src/tmux/tmux-errors';

/**
 * The one wait loop of wait_for_text, wait_for_idle and wait_for_channel (src/services/wait-loop.ts,
 * docs/reference/engine.md#waits-without-events), on jest's fake clock: every time and count below
 * is exact by construction (fake clock).
 */

interface Fake {
  engine: TmuxEngine;
  /** An output event of the watched pane. */
  fire(): void;
  /** The host's connection is lost. */
  lose(err: Error): void;
  watchers(): number;
}

/** An engine whose tmux calls never answer, with pane events and connection loss fired by hand. */
function fakeEngine(hasEvents: boolean, commandTimeoutMs = 30_000): Fake {
  const panes = new Set<(ev: PaneEvent) => void>();
  const lost = new Set<(err: Error) => void>();
  const runner = {
    commandTimeoutMs,
    onLost: (_host: string | null, l: (err: Error) => void) => {
      lost.add(l);
      return () => void lost.delete(l);
    },
  } as unknown as ProcessRunner;
  const engine = {
    key: { host: 'far', socketName: null, socketPath: null, tmuxBin: 'tmux' },
    runner,
    mode: hasEvents ? 'control' : 'exec',
    hasEvents,
    run: () => new Promise<string[]>(() => undefined),
    runRaw: () => new Promise<string>(() => undefined),
    argvPrefix: () => ['tmux'],
    onPaneEvent: (_pane: string, l: (ev: PaneEvent) => void) => {
      panes.add(l);
      return () => void panes.delete(l);
    },
    close: async () => undefined,
  } as unknown as TmuxEngine;
  return {
    engine,
    fire: () => panes.forEach((l) => l({ paneId: '%1', kind: 'output' })),
    lose: (err) => lost.forEach((l) => l(err)),
    watchers: () => panes.size + lost.size,
  };
}

type Report = { progress: number; total?: number; message?: string };

function call(signal = new AbortController().signal, reports: Report[] = []): Pick<ToolCallContext, 'signal' | 'progress'> {
  return {
    signal,
    progress: { enabled: true, report: async (progress, total, message) => void reports.push({ progress, total, message }) },
  };
}

const options = (timeout: number, extra: Partial<WaitLoopOptions> = {}): WaitLoopOptions => ({
  timeout,
  tool: 'wait_for_idle',
  call: call(),
  ...extra,
});

/** Runs `p` while the fake clock advances by `ms`; settles as `p` did. */
async function onFakeClock<T>(p: Promise<T>, ms: number): Promise<T> {
  const settled = p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await jest.advanceTimersByTimeAsync(ms);
  const r = await settled;
  if ('error' in r) throw r.error;
  return r.value;
}

/** [ms since the start, event, poll, beat] of each check. */
type Seen = [number, boolean, boolean, boolean];
/** A check that records why it ran and is done once `done()` says so. */
const recorder =
  (loop: WaitLoop, list: Seen[], done = () => false) =>
  async (w: Wake): Promise<boolean> => {
    list.push([performance.now() - loop.t0, w.event, w.poll, w.beat]);
    return done();
  };

describe('WaitLoop (fake clock)', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('polls a pane on an engine without events; a poll stands in for the heartbeat; the last check is at the deadline', async () => {
    const f = fakeEngine(false);
    const checks: Seen[] = [];
    const done = WaitLoop.run(f.engine, options(2), async (loop) => {
      loop.watchPane('%1');
      return loop.until(recorder(loop, checks), { pollMs: 300 });
    });
    expect(await onFakeClock(done, 3000)).toBe(false);
    const polls = [300, 600, 900, 1200, 1500, 1800].map((t): Seen => [t, false, true, false]);
    expect(checks).toEqual([[0, false, false, false], ...polls, [2000, false, false, false]]);
    expect(f.watchers()).toBe(0);
  });

  it('on an engine with events: an event is checked at once, a flood at most every 10 ms, a quiet pane once a second', async () => {
    const f = fakeEngine(true);
    const checks: Seen[] = [];
    setTimeout(() => f.fire(), 100);
    setTimeout(() => f.fire(), 103);
    const done = WaitLoop.run(f.engine, options(2.5), async (loop) => {
      loop.watchPane('%1');
      return loop.until(recorder(loop, checks), { pollMs: 50 });
    });
    expect(await onFakeClock(done, 3000)).toBe(false);
    expect(checks).toEqual([
      [0, false, false, false],
      [100, true, false, false],
      [110, true, false, false],
      [1000, false, false, true],
      [2000, false, false, true],
      [2500, false, false, false],
    ]);
  });

  it('checks at the moment the wait asks for (dueAt)', async () => {
    const f = fakeEngine(true);
    const checks: Seen[] = [];
    const done = WaitLoop.run(f.engine, options(5), async (loop) => {
      loop.watchPane('%1');
      const due = loop.t0 + 250;
      return loop.until(
        recorder(loop, checks, () => performance.now() >= due),
        { dueAt: () => due },
      );
    });
    expect(await onFakeClock(done, 1000)).toBe(true);
    expect(checks).toEqual([
      [0, false, false, false],
      [250, false, false, false],
    ]);
  });

  it('a look tmux answers only after the deadline ends the wait as timed out; an earlier TmuxTimeout is an error (docs/reference/configuration.md#command-deadline)', async () => {
    // The last look gets the rest of the timeout + 1.5 s: tmux gives up at 2.5 s, past the 1 s deadline.
    const late = WaitLoop.run(fakeEngine(false).engine, options(1), (loop) =>
      loop.until(async () => (await loop.tmux.run(['x'])).length > 0),
    );
    expect(await onFakeClock(late, 3000)).toBe(false);
    // A command deadline of 0.5 s ends the look well before the 5 s deadline: that is the error.
    const early = WaitLoop.run(fakeEngine(false, 500).engine, options(5), (loop) =>
      loop.until(async () => (await loop.tmux.run(['x'])).length > 0),
    );
    await expect(onFakeClock(early, 1000)).rejects.toThrow('tmux did not answer within 0.5 s');
  });

  it("cancellation ends the wait with the tool's text, or the error the wait names", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const waiting = WaitLoop.run(fakeEngine(true).engine, options(5, { call: call(ac.signal) }), (loop) => loop.until(async () => false));
    await expect(onFakeClock(waiting, 1000)).rejects.toThrow('wait_for_idle was cancelled');
    const ac2 = new AbortController();
    setTimeout(() => ac2.abort(), 300);
    const named = WaitLoop.run(
      fakeEngine(true).engine,
      options(5, { call: call(ac2.signal), cancelled: () => new Error('its own') }),
      (loop) => loop.until(async () => false),
    );
    await expect(onFakeClock(named, 1000)).rejects.toThrow('its own');
  });

  it('the connection lost between two checks ends the wait at once with the loss (docs/reference/engine.md#connection-loss)', async () => {
    const f = fakeEngine(true);
    const checks: Seen[] = [];
    const loss = new HostConnectionLost('far');
    setTimeout(() => f.lose(loss), 300);
    const waiting = WaitLoop.run(f.engine, options(20), (loop) => loop.until(recorder(loop, checks)));
    await expect(onFakeClock(waiting, 1000)).rejects.toBe(loss);
    expect(checks).toEqual([[0, false, false, false]]);
    expect(f.watchers()).toBe(0);
  });

  it('sends progress at once and every 0.5 s while it waits; a message read still under way at the end is aborted; loop.signal ends with the wait', async () => {
    const reports: Report[] = [];
    const reads: string[] = [];
    let loopSignal: AbortSignal | undefined;
    // Each read of the message takes 300 ms, unless aborted.
    const message = (signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        const onAbort = () => {
          clearTimeout(t);
          reads.push('aborted');
          reject(new Error('aborted'));
        };
        const t = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          reads.push('read');
          resolve('last line');
        }, 300);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    const waiting = WaitLoop.run(fakeEngine(true).engine, options(1.2, { call: call(undefined, reports) }), (loop) => {
      loopSignal = loop.signal;
      return loop.until(async () => false, { progress: message });
    });
    expect(await onFakeClock(waiting, 5000)).toBe(false);
    // Reads start at 0, 500 and 1000 ms, each reported once read; the wait ends at 1200 ms, during the third.
    expect(reports).toEqual([
      { progress: 0.3, total: 1.2, message: 'last line' },
      { progress: 0.8, total: 1.2, message: 'last line' },
    ]);
    expect(reads).toEqual(['read', 'read', 'aborted']);
    expect(loopSignal?.aborted).toBe(true);
  });
});
