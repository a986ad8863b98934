import 'reflect-metadata';
import { container } from 'tsyringe';
import winston from 'winston';
import type { ToolCallContext } from '../../../src/framework/pipeline/call-context';
import { SERVER_CONFIG } from '../../../src/config/server-config';
import { CaptureService } from '../../../src/services/capture.service';
import { PaneStateService } from '../../../src/services/pane-state.service';
import type { MatchItem, PatternMatcher } from '../../../src/services/pattern-matcher.service';
import { TypedPanes } from '../../../src/services/typed-panes.service';
import { compilePattern } from '../../../src/services/search-pattern';
import type { TargetResolver } from '../../../src/services/target-resolver.service';
import { WaitForTextService } from '../../../src/services/wait-for-text.service';
import { ExecEngine } from '../../../src/tmux/exec-engine';
import type { PaneEvent, RunOptions, TmuxEngine } from '../../../src/tmux/tmux-engine';
import { testRunner } from '../../helpers/process-runner';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, type } from './reading-helpers';

/** The subprocess engine dressed as an event engine whose events the test fires by hand. */
class EventedEngine implements TmuxEngine {
  readonly hasEvents = true;
  readonly mode = 'control' as const;
  readonly listeners = new Map<string, Set<(ev: PaneEvent) => void>>();
  stateReads = 0;
  constructor(private readonly inner: ExecEngine) {}
  get key() {
    return this.inner.key;
  }
  get runner() {
    return this.inner.runner;
  }
  run(args: readonly string[], opts?: RunOptions) {
    if (args[0] === 'display-message' && String(args[args.length - 1]).includes('#{history_size}')) this.stateReads++;
    return this.inner.run(args, opts);
  }
  runRaw(args: readonly string[], opts?: RunOptions) {
    return this.inner.runRaw(args, opts);
  }
  argvPrefix() {
    return this.inner.argvPrefix();
  }
  onPaneEvent(paneId: string, l: (ev: PaneEvent) => void) {
    const set = this.listeners.get(paneId) ?? new Set();
    set.add(l);
    this.listeners.set(paneId, set);
    return () => void set.delete(l);
  }
  fire(paneId: string) {
    for (const l of this.listeners.get(paneId) ?? []) l({ paneId, kind: 'output' });
  }
  async close() {}
}

function context(onProgress: () => void): ToolCallContext {
  return {
    toolName: 'wait_for_text',
    requestId: 1,
    clientId: null,
    signal: new AbortController().signal,
    progress: { enabled: true, report: async () => onProgress() },
    logger: winston.createLogger({ silent: true }),
    depth: 0,
    notify: async () => undefined,
    get: () => {
      throw new Error('unused');
    },
  };
}

describe('wait_for_text on an event engine (docs/reference/engine.md#output-events)', () => {
  const tmux = new TmuxFixture();
  let engine: EventedEngine;
  // The pattern matcher's budget is bounded by the command deadline (docs/reference/tools.md#pattern-budget).
  container.register(SERVER_CONFIG, { useValue: { commandTimeout: 30 } });
  const waits = container.resolve(WaitForTextService);

  beforeAll(() => {
    tmux.start('ev');
    engine = new EventedEngine(new ExecEngine({ host: null, socketName: tmux.socket, socketPath: null, tmuxBin: 'tmux' }, testRunner));
  });
  afterAll(() => tmux.kill());

  it('does not poll: without events it checks at entry and at the deadline only', async () => {
    const pane = await newPane(tmux, 'ev');
    engine.stateReads = 0;
    const w = await waits.run(
      engine,
      { patterns: [compilePattern('never', false, false)], stop: [], effectiveTimeout: 0.6, intervalMs: 10, target: { pane_id: pane } },
      context(() => undefined),
    );
    expect(w.outcome).toBe('timeout');
    // The wait lasted its whole timeout: a poller at its 10 ms interval would have read about 60 times.
    expect(w.elapsed_seconds).toBeGreaterThanOrEqual(0.6);
    // The entry read and the first tick, then at most one more: the final tick at the deadline (the
    // 1 s heartbeat comes after it). On a busy machine the deadline may pass before the loop starts,
    // and that tick is skipped: a bound, not a count of timer periods (docs/reference/engine.md#waits-without-events).
    expect(engine.stateReads).toBeGreaterThanOrEqual(2);
    expect(engine.stateReads).toBeLessThanOrEqual(3);
    expect(engine.listeners.get(pane)?.size).toBe(0);
  });

  it('re-checks on an output event and matches on a fresh capture', async () => {
    const pane = await newPane(tmux, 'ev');
    let armed = false;
    const w = await waits.run(
      engine,
      { patterns: [compilePattern('EV-9', false, true)], stop: [], effectiveTimeout: 30, intervalMs: 50, target: { pane_id: pane } },
      context(() => {
        if (armed) return;
        armed = true;
        type(tmux, pane, 'echo EV-$((4+5))');
        // The event only wakes the waiter; a poke before the text lands finds nothing and the
        // next event (or heartbeat) re-checks.
        engine.fire(pane);
        setImmediate(() => engine.fire(pane));
      }),
    );
    expect(w).toMatchObject({ found: true, outcome: 'matched', matched_lines: ['EV-9'] });
    expect(engine.listeners.get(pane)?.size).toBe(0);
  });
});

/**
 * The pattern matcher's budget is a timer: on a fake clock that jumps seconds, matching would
 * seem to take them. These waits match on the test's own thread instead.
 */
const inlineMatcher = {
  match: async (items: readonly MatchItem[]) =>
    items.map((it) => it.texts.flatMap((t, i) => (new RegExp(it.pattern.source, it.pattern.flags).test(t) ? [i] : []))),
} as unknown as PatternMatcher;

describe('wait_for_text cadence on a fake clock (docs/reference/protocol.md#progress, docs/reference/engine.md#waits-without-events)', () => {
  afterEach(() => jest.useRealTimers());

  /** A quiet pane that never prints; each tmux call takes `latencyMs` of the (fake) clock. */
  function quietEngine(hasEvents: boolean, latencyMs: number, reads: number[]): TmuxEngine {
    return {
      key: { host: null, socketName: null, socketPath: null, tmuxBin: 'tmux' },
      runner: testRunner,
      mode: hasEvents ? 'control' : 'exec',
      hasEvents,
      run: async (args: readonly string[]) => {
        await new Promise((r) => setTimeout(r, latencyMs));
        const last = String(args[args.length - 1]);
        if (args[0] === 'display-message' && last.includes('#{history_size}')) {
          reads.push(performance.now());
          return ['%1|0|0|24|4242|0|0'];
        }
        if (last === '#{history_limit}') return ['2000'];
        return ['$ '];
      },
      runRaw: async () => '',
      argvPrefix: () => ['tmux'],
      onPaneEvent: () => () => undefined,
      close: async () => undefined,
    } as unknown as TmuxEngine;
  }

  async function wait(engine: TmuxEngine): Promise<number[]> {
    const resolver = { pane: async () => ({ pane_id: '%1' }) } as unknown as TargetResolver;
    const waits = new WaitForTextService(resolver, new PaneStateService(), new CaptureService(), new TypedPanes(), inlineMatcher);
    const t0 = performance.now();
    const progressAt: number[] = [];
    const run = waits.run(
      engine,
      { patterns: [compilePattern('never', false, true)], stop: [], effectiveTimeout: 5, intervalMs: 50, target: { pane_id: '%1' } },
      context(() => progressAt.push(performance.now())),
    );
    await jest.advanceTimersByTimeAsync(6000);
    expect((await run).outcome).toBe('timeout');
    return [t0, ...progressAt];
  }

  const gaps = (ts: number[]) => ts.slice(1).map((t, i) => t - ts[i]);

  it('a look that tmux answers too late for the deadline ends the wait as a timeout, not an error (docs/reference/configuration.md#command-deadline)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    // A busy machine: every look takes 6 s of the (fake) clock, past the 5 s wait and its 1.5 s grace.
    const slow = quietEngine(false, 1, []);
    const inner = slow.run.bind(slow);
    let calls = 0;
    slow.run = (args, opts) => (++calls > 4 ? new Promise((r) => setTimeout(() => r(inner(args, opts)), 6000)) : inner(args, opts));
    const resolver = { pane: async () => ({ pane_id: '%1' }) } as unknown as TargetResolver;
    const waits = new WaitForTextService(resolver, new PaneStateService(), new CaptureService(), new TypedPanes(), inlineMatcher);
    const run = waits.run(
      slow,
      { patterns: [compilePattern('never', false, true)], stop: [], effectiveTimeout: 5, intervalMs: 50, target: { pane_id: '%1' } },
      context(() => undefined),
    );
    await jest.advanceTimersByTimeAsync(20_000);
    expect(await run).toMatchObject({ found: false, outcome: 'timeout' });
  });

  it('sends progress at least once a second, also while slow polls keep the loop busy', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    const times = await wait(quietEngine(false, 30, []));
    expect(times.length).toBeGreaterThan(5);
    expect(Math.max(...gaps(times))).toBeLessThanOrEqual(1000);
  });

  it('checks a quiet pane at most once a second on an event engine', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    const reads: number[] = [];
    const times = await wait(quietEngine(true, 1, reads));
    expect(Math.max(...gaps(times))).toBeLessThanOrEqual(1000);
    // Entry read and first tick at once, the last one at the deadline; between them the
    // heartbeat's reads, never closer than a second apart.
    expect(reads.length).toBeGreaterThanOrEqual(6);
    expect(Math.min(...gaps(reads.slice(1, -1)))).toBeGreaterThanOrEqual(1000);
  });
});
