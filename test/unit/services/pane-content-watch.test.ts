import { Writable } from 'node:stream';
import winston from 'winston';
import { PANE_WATCH_GAP_MS, PANE_WATCH_POLL_MS, PaneContentWatchService } from '../../../src/services/pane-content-watch.service';
import type { PaneEvent, TmuxEngine } from '../../../src/tmux/tmux-engine';
import { TmuxTimeout } from '../../../src/tmux/tmux-errors';

/**
 * The pacing of pane-content watches (docs/reference/resources-and-prompts.md#pane-content-updates)
 * on jest's fake clock: every count below is exact by construction (fake clock).
 */

interface Fake {
  engine: TmuxEngine;
  /** What capture-pane shows. */
  screen: string;
  /** The next captures fail with this. */
  failure: Error | null;
  captures: number;
  fire(kind?: PaneEvent['kind'], error?: Error): void;
  listeners(): number;
}

function fakeEngine(hasEvents: boolean): Fake {
  const listeners = new Set<(ev: PaneEvent) => void>();
  const fake: Fake = {
    screen: 'start',
    failure: null,
    captures: 0,
    engine: {
      key: { host: null, socketName: 'fake', socketPath: null, tmuxBin: 'tmux' },
      mode: hasEvents ? 'control' : 'exec',
      hasEvents,
      run: async (args: readonly string[]) => {
        expect(args).toEqual(['capture-pane', '-p', '-t', '%1']);
        fake.captures++;
        if (fake.failure) throw fake.failure;
        return [...fake.screen.split('\n'), '', ''];
      },
      onPaneEvent: (_pane: string, l: (ev: PaneEvent) => void) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
    } as unknown as TmuxEngine,
    fire: (kind = 'output', error) => listeners.forEach((l) => l({ paneId: '%1', kind, error })),
    listeners: () => listeners.size,
  };
  return fake;
}

function service(logs: string[] = []) {
  const logger = winston.createLogger({
    level: 'debug',
    transports: [
      new winston.transports.Stream({
        stream: new Writable({
          write(chunk: Buffer, _enc: string, cb: () => void) {
            logs.push(chunk.toString());
            cb();
          },
        }),
        format: winston.format.printf((i) => `${i.level}: ${String(i.message)}`),
      }),
    ],
  });
  return new PaneContentWatchService(() => logger);
}

describe('pane content watches (docs/reference/resources-and-prompts.md#pane-content-updates)', () => {
  // Only the clock the watches use; the logger's streams keep their real ticks.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('tells the first change at once, then at most every 500 ms, and always after the last change', async () => {
    const f = fakeEngine(true);
    let told = 0;
    const stop = await service().watch(f.engine, '%1', () => told++);
    expect(f.captures).toBe(1); // fake clock: the first capture
    // An event that changed nothing visible tells nothing.
    f.fire();
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(told).toBe(0); // fake clock
    // The first change after a quiet spell (500 ms since the last look): at once.
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    f.screen = 'one';
    f.fire();
    await jest.advanceTimersByTimeAsync(1); // a timeout of 0 runs 1 ms later, as in Node
    expect(told).toBe(1); // fake clock
    // Output keeps coming: held until 500 ms after that look, then one update for all of it.
    for (const text of ['two', 'three', 'four']) {
      await jest.advanceTimersByTimeAsync(100);
      f.screen = text;
      f.fire();
    }
    expect(told).toBe(1); // fake clock
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS - 300);
    expect(told).toBe(2); // fake clock
    // The last change of a burst, just before its look is due, is still told (trailing edge).
    await jest.advanceTimersByTimeAsync(450);
    f.screen = 'five';
    f.fire();
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(told).toBe(3); // fake clock
    // Output that leaves the screen as last told sends nothing.
    f.fire();
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(told).toBe(3); // fake clock
    stop();
    expect(f.listeners()).toBe(0);
    expect(jest.getTimerCount()).toBe(0); // fake clock: no timer left
  });

  it('a flood of events captures at most once per 500 ms', async () => {
    const f = fakeEngine(true);
    let told = 0;
    const stop = await service().watch(f.engine, '%1', () => told++);
    for (let t = 0; t < 2000; t += 10) {
      f.screen = `line ${t}`;
      f.fire();
      await jest.advanceTimersByTimeAsync(10);
    }
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    // fake clock: the first capture at 0 ms, then one at 500, 1000, 1500 and 2000 ms.
    expect(f.captures).toBe(5);
    expect(told).toBe(4); // fake clock
    stop();
  });

  it('without pane events it polls once a second while watched, and not at all after', async () => {
    const f = fakeEngine(false);
    let told = 0;
    const stop = await service().watch(f.engine, '%1', () => told++);
    // The poll at 1 s marks the pane; its look runs 1 ms later (a timeout of 0, as in Node).
    await jest.advanceTimersByTimeAsync(PANE_WATCH_POLL_MS + 1);
    expect(told).toBe(0); // fake clock
    f.screen = 'changed';
    await jest.advanceTimersByTimeAsync(PANE_WATCH_POLL_MS);
    expect(told).toBe(1); // fake clock
    expect(f.captures).toBe(3); // fake clock: the first, then one per second
    stop();
    expect(jest.getTimerCount()).toBe(0); // fake clock: no timer left
    expect(f.listeners()).toBe(0);
    await jest.advanceTimersByTimeAsync(5 * PANE_WATCH_POLL_MS);
    expect(f.captures).toBe(3); // fake clock
  });

  it('a pane that is gone is told once more, then no longer watched', async () => {
    const f = fakeEngine(true);
    let told = 0;
    const stop = await service().watch(f.engine, '%1', () => told++);
    f.failure = new Error("can't find pane: %1");
    f.fire('exited');
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(told).toBe(1); // fake clock
    expect(f.listeners()).toBe(0);
    expect(jest.getTimerCount()).toBe(0); // fake clock: no timer left
    stop(); // the subscription's own stop later: nothing left to do
  });

  it("the host's connection lost ends the watch, logged", async () => {
    const f = fakeEngine(true);
    const logs: string[] = [];
    let told = 0;
    await service(logs).watch(f.engine, '%1', () => told++);
    f.fire('lost', new Error('the connection to the remote host was lost'));
    expect(f.listeners()).toBe(0);
    expect(jest.getTimerCount()).toBe(0); // fake clock: no timer left
    expect(told).toBe(0); // fake clock
    expect(logs.join('')).toContain('warn: stopped watching pane %1: the connection to the remote host was lost');
  });

  it('a capture that fails otherwise is tried again, later each time', async () => {
    const f = fakeEngine(true);
    let told = 0;
    const stop = await service().watch(f.engine, '%1', () => told++);
    f.failure = new TmuxTimeout(5);
    f.screen = 'after';
    f.fire();
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(f.captures).toBe(2); // fake clock
    await jest.advanceTimersByTimeAsync(1000);
    expect(f.captures).toBe(3); // fake clock: after 1 s
    f.failure = null;
    await jest.advanceTimersByTimeAsync(1999);
    expect(told).toBe(0); // fake clock: the next try is 2 s later
    await jest.advanceTimersByTimeAsync(1);
    expect(told).toBe(1); // fake clock
    stop();
    expect(jest.getTimerCount()).toBe(0); // fake clock: no timer left
  });

  it('a pane that cannot be captured at the start refuses the watch and keeps nothing', async () => {
    const f = fakeEngine(false);
    f.failure = new Error("can't find pane: %1");
    await expect(service().watch(f.engine, '%1', () => undefined)).rejects.toThrow("can't find pane");
    expect(f.listeners()).toBe(0);
    expect(jest.getTimerCount()).toBe(0); // fake clock: no timer left
  });

  it('watches of one pane share one engine listener; it goes with the last', async () => {
    const f = fakeEngine(true);
    const svc = service();
    const told: string[] = [];
    const stop1 = await svc.watch(f.engine, '%1', () => told.push('a'));
    const stop2 = await svc.watch(f.engine, '%1', () => told.push('b'));
    expect(f.listeners()).toBe(1);
    expect(svc.watching).toBe(1);
    f.screen = 'x';
    f.fire();
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(told.sort()).toEqual(['a', 'b']);
    stop1();
    expect(f.listeners()).toBe(1);
    stop2();
    expect(f.listeners()).toBe(0);
    expect(svc.watching).toBe(0);
  });

  it("a listener's failure is logged and does not stop the others", async () => {
    const f = fakeEngine(true);
    const logs: string[] = [];
    const svc = service(logs);
    let told = 0;
    await svc.watch(f.engine, '%1', () => {
      throw new Error('listener broke');
    });
    await svc.watch(f.engine, '%1', () => told++);
    f.screen = 'y';
    f.fire();
    await jest.advanceTimersByTimeAsync(PANE_WATCH_GAP_MS);
    expect(told).toBe(1); // fake clock
    expect(logs.join('')).toContain('a pane-content listener failed: listener broke');
  });
});
