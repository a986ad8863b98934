import { HardenedTmux } from '../helpers/hardening-tmux';
import { CallResult, McpHarness } from '../helpers/mcp-harness';
import { until } from '../helpers/poll';

/**
 * Load: 200 concurrent tool calls of mixed kinds on one connection are all answered, each with
 * its own correct answer, in whatever order they complete.
 */
describe('200 concurrent mixed calls on one connection', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;
  let pane: string;
  const runPanes: string[] = [];

  beforeAll(async () => {
    tmux.start('main');
    pane = tmux.firstPane('main');
    for (let i = 0; i < 5; i++)
      runPanes.push(tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'main', '-c', tmux.dir, 'sh').trim());
    for (let i = 0; i < 10; i++) tmux.tmux('set-option', '-p', '-t', pane, `@hz_pre${i}`, `v${i}`);
    tmux.tmux('send-keys', '-t', pane, 'echo HZ-CONC-""MARK', 'Enter');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'mutating' } });
    // The marker is on screen before the burst (state, not time).
    await until(
      () => tmux.tmux('capture-pane', '-p', '-t', pane),
      (screen) => screen.includes('HZ-CONC-MARK'),
      'marker on screen',
    );
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  type Check = (r: CallResult) => void;
  const ok = (r: CallResult) => {
    if (r.isError) throw new Error(`unexpected error: ${r.content[0]?.text}`);
    return r.structuredContent as Record<string, unknown>;
  };

  function plan(i: number): { name: string; args: Record<string, unknown>; check: Check } | { chain: () => Promise<void> } {
    const k = i % 14;
    const sc = (r: CallResult) => ok(r);
    switch (k) {
      case 0:
        return {
          name: 'display_message',
          args: { pane_id: pane, format_string: `c${i}-#{pane_id}` },
          check: (r) => expect(sc(r)).toEqual({ result: `c${i}-${pane}` }),
        };
      case 1:
        return {
          name: 'show_option',
          args: { option: `@hz_pre${i % 10}`, scope: 'pane', target: pane },
          check: (r) => expect(sc(r)).toEqual({ option: `@hz_pre${i % 10}`, value: `v${i % 10}` }),
        };
      case 2:
        return {
          name: 'list_sessions',
          args: {},
          check: (r) => expect((sc(r).result as { session_name: string }[]).map((s) => s.session_name)).toEqual(['main']),
        };
      case 3:
        return { name: 'get_pane_info', args: { pane_id: pane }, check: (r) => expect(sc(r).pane_id).toBe(pane) };
      case 4:
        return { name: 'capture_pane', args: { pane_id: pane }, check: (r) => expect(sc(r).result).toContain('\nHZ-CONC-MARK') };
      case 5:
        return {
          name: 'snapshot_pane',
          args: { pane_id: pane },
          check: (r) => expect(sc(r)).toMatchObject({ pane_id: pane, pane_width: 80 }),
        };
      case 6:
        return {
          name: 'search_panes',
          args: { pattern: 'HZ-CONC-MARK' },
          check: (r) => expect((sc(r).matches as { pane_id: string }[]).map((m) => m.pane_id)).toEqual([pane]),
        };
      case 7:
        return {
          name: 'capture_pane',
          args: { pane_id: pane, max_lines: 0 },
          check: (r) => expect(r).toMatchObject({ isError: true, _meta: { error_type: 'ValidationError', expected: true } }),
        };
      case 8:
        return {
          chain: async () => {
            const ch = `hz-conc-${process.pid}-${i}`;
            const [w, s] = await Promise.all([
              h.call('wait_for_channel', { channel: ch, timeout: 20 }),
              h.call('signal_channel', { channel: ch }),
            ]);
            expect(ok(s)).toEqual({ result: `Channel '${ch}' signalled` });
            expect(ok(w)).toEqual({ result: `Channel '${ch}' was signalled (timeout 20s)` });
          },
        };
      case 9:
        return {
          chain: async () => {
            const ref = ok(await h.call('load_buffer', { content: `buf-${i}\n`, logical_name: `c${i}` })) as { buffer_name: string };
            expect(ok(await h.call('show_buffer', { buffer_name: ref.buffer_name }))).toMatchObject({
              content: `buf-${i}\n`,
              content_truncated: false,
            });
            expect(ok(await h.call('delete_buffer', { buffer_name: ref.buffer_name }))).toEqual({
              result: `Buffer '${ref.buffer_name}' deleted`,
            });
          },
        };
      case 10:
        return {
          name: 'call_readonly_tools_batch',
          args: {
            operations: [0, 1, 2].map((j) => ({ tool: 'display_message', arguments: { pane_id: pane, format_string: `b${i}.${j}` } })),
          },
          check: (r) => {
            const rows = sc(r).results as { structured_content: { result: string } }[];
            expect(rows.map((x) => x.structured_content.result)).toEqual([0, 1, 2].map((j) => `b${i}.${j}`));
          },
        };
      case 11:
        return {
          name: 'wait_for_text',
          args: { pane_id: pane, patterns: [`HZ-NOT-THERE-${i}`], timeout: 3 },
          check: (r) => {
            // REPORTED: under this load a read of the wait can outlast its share of the wait's
            // budget (at the deadline a 0.25 s floor, earlier whatever remains), and the wait then
            // reports the tmux server as unresponsive instead of ending with outcome 'timeout'.
            // Accepted here, but only that, whatever share the read had: how much was left
            // depends on the machine's load, not on the server. Both spellings: the wait's own
            // and the command deadline's (docs/reference/errors.md).
            const late = /^tmux ([a-z-]+ did not return within [\d.]+s; the tmux server is unresponsive|did not answer within [\d.]+ s)$/;
            if (r.isError && late.test((r.content[0]?.text ?? '').split('\n')[0])) return;
            expect(sc(r)).toMatchObject({ found: false, outcome: 'timeout', pane_id: pane });
          },
        };
      case 12: {
        // run_command types into a pane: one pane per concurrent run (14 * 5 > 200 / 14 runs).
        const p = runPanes[Math.floor(i / 14) % runPanes.length];
        return {
          chain: async () => {
            await runLock(p, async () => {
              let r = ok(await h.call('run_command', { pane_id: p, command: `echo run-""${i}`, timeout: 20 }));
              // Under this load a run may outlast its call (on the subprocess engine beside two
              // busy loops it did): the run's record then gives the same answer (docs/reference/tools.md#runs).
              for (let k = 0; k < 10 && r.state !== 'finished'; k++)
                r = ok(await h.call('wait_for_run', { run_id: r.run_id, timeout: 20 }));
              expect(r).toMatchObject({ pane_id: p, state: 'finished', exit_status: 0 });
              expect(r.output).toContain(`run-${i}`);
            });
          },
        };
      }
      default:
        return {
          name: 'set_option',
          args: { option: `@hz_set${i}`, value: `w${i}`, scope: 'pane', target: pane },
          check: (r) => expect(sc(r)).toEqual({ option: `@hz_set${i}`, value: `w${i}`, status: 'set' }),
        };
    }
  }

  // Runs sharing a pane are serialized (they would type into each other), everything else is concurrent.
  const locks = new Map<string, Promise<void>>();
  function runLock(p: string, fn: () => Promise<void>): Promise<void> {
    const prev = locks.get(p) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    locks.set(
      p,
      next.catch(() => undefined),
    );
    return next;
  }

  it('answers every call correctly, in any order', async () => {
    const done: number[] = [];
    const work = Array.from({ length: 200 }, async (_, i) => {
      const p = plan(i);
      if ('chain' in p) await p.chain();
      else p.check(await h.call(p.name, p.args));
      done.push(i);
    });
    const settled = await Promise.allSettled(work);
    const failures = settled.flatMap((s, i) => (s.status === 'rejected' ? [`#${i}: ${(s.reason as Error).message}`] : []));
    expect(failures).toEqual([]);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // Nothing of ours is left on the server after the burst.
    expect(tmux.ourBuffers()).toEqual([]);
    expect(tmux.runOptions()).toEqual([]);
    // A load test: on the subprocess engine beside two busy loops the burst alone takes ~30 s
    // (each call is a tmux process; the runs in a pane go one after another). Outcomes only.
  }, 120_000);
});
