import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { capture, readyPane, until } from './pane-io-helpers';

const NOT_FOUND = 'Pane not found: %999999\nCall list_panes to discover valid pane ids.';

interface Row {
  index: number;
  pane_id: string | null;
  success: boolean;
  error: string | null;
  elapsed_seconds: number;
}
interface Batch {
  results: Row[];
  succeeded: number;
  failed: number;
  stopped_at: number | null;
}

describe('send_keys_batch', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    fx.start('alpha');
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
  });

  const lines = (pane: string) => capture(fx, pane).split('\n');

  it('runs operations in order, each on its own pane', async () => {
    const a = await readyPane(fx);
    const b = await readyPane(fx);
    const r = await h.ok<Batch>('send_keys_batch', {
      operations: [
        { keys: 'echo one', pane_id: a, enter: false },
        { keys: ' two', pane_id: a, literal: true },
        { keys: 'echo other', pane_id: b, suppress_history: true },
      ],
    });
    expect(r).toMatchObject({ succeeded: 3, failed: 0, stopped_at: null });
    expect(r.results.map((x) => [x.index, x.pane_id, x.success, x.error])).toEqual([
      [0, a, true, null],
      [1, a, true, null],
      [2, b, true, null],
    ]);
    expect(r.results.every((x) => x.elapsed_seconds >= 0)).toBe(true);
    await until(() => lines(a).includes('one two') && lines(b).includes('other'), 'batch effects');
    expect(lines(b).some((l) => /^[$#] {2}echo other$/.test(l))).toBe(true);
  });

  it("on_error='stop' ends at the failed row with the mapped error and suggestion", async () => {
    const a = await readyPane(fx);
    const r = await h.ok<Batch>('send_keys_batch', {
      operations: [
        { keys: 'echo s1', pane_id: a },
        { keys: 'x', pane_id: '%999999' },
        { keys: 'echo s3', pane_id: a },
      ],
    });
    expect(r).toMatchObject({ succeeded: 1, failed: 1, stopped_at: 1 });
    expect(r.results).toHaveLength(2);
    expect(r.results[1]).toMatchObject({ index: 1, pane_id: null, success: false, error: NOT_FOUND });
  });

  it("on_error='continue' runs every operation", async () => {
    const a = await readyPane(fx);
    const r = await h.ok<Batch>('send_keys_batch', {
      on_error: 'continue',
      operations: [
        { keys: 'x', session_name: 'nope' },
        { keys: 'echo c2', pane_id: a },
      ],
    });
    expect(r).toMatchObject({ succeeded: 1, failed: 1, stopped_at: null });
    expect(r.results[0].error).toBe(
      'Object not found: Could not find session_name=nope for list-sessions\nCall list_sessions / list_windows / list_panes to discover valid ids.',
    );
    await until(() => lines(a).includes('c2'), 'c2');
  });

  it('works within a timeout', async () => {
    const a = await readyPane(fx);
    const r = await h.ok<Batch>('send_keys_batch', { timeout: 30, operations: [{ keys: 'echo timed', pane_id: a }] });
    expect(r).toMatchObject({ succeeded: 1, failed: 0 });
    await until(() => lines(a).includes('timed'), 'timed');
  });

  it('operations past the deadline fail with the timeout text; progress is reported meanwhile', async () => {
    const a = await readyPane(fx);
    const serverPid = Number(fx.tmux('display-message', '-p', '#{pid}'));
    const progress: { progress: number; total?: number }[] = [];
    // A stopped tmux server answers nothing: the first operation runs into the deadline.
    process.kill(serverPid, 'SIGSTOP');
    let r: Batch;
    try {
      const res = await h.call(
        'send_keys_batch',
        {
          timeout: 0.5,
          on_error: 'continue',
          operations: [
            { keys: 'echo late1', pane_id: a },
            { keys: 'echo late2', pane_id: a },
          ],
        },
        { onprogress: (p) => progress.push(p as { progress: number; total?: number }) },
      );
      r = res.structuredContent as unknown as Batch;
    } finally {
      process.kill(serverPid, 'SIGCONT');
    }
    expect(r).toMatchObject({ succeeded: 0, failed: 2, stopped_at: null });
    expect(r.results.map((x) => x.error)).toEqual(['batch execution exceeded timeout of 0.5s', 'batch execution exceeded timeout of 0.5s']);
    expect(r.results[1].elapsed_seconds).toBe(0);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.every((p) => p.total === 0.5)).toBe(true);
    // The server works again afterwards (nothing of ours is stuck on it).
    expect((await h.ok<Batch>('send_keys_batch', { operations: [{ keys: 'echo back', pane_id: a }] })).succeeded).toBe(1);
  });

  it('validates: empty list, extra keys in an operation, timeout > 0', async () => {
    expect((await h.err('send_keys_batch', { operations: [] })).text).toBe('operations must not be empty');
    const extra = await h.err('send_keys_batch', { operations: [{ keys: 'x', bogus: 1 }] });
    expect(extra.text).toContain('operations.0.bogus\n  Extra inputs are not permitted [type=extra_forbidden]');
    const missing = await h.err('send_keys_batch', { operations: [{ pane_id: '%0' }] });
    expect(missing.text).toContain('operations.0.keys\n  Field required [type=missing]');
    const t = await h.err('send_keys_batch', { operations: [{ keys: 'x' }], timeout: 0 });
    expect(t.text).toContain('timeout\n  Input should be greater than 0');
    const oe = await h.err('send_keys_batch', { operations: [{ keys: 'x' }], on_error: 'skip' });
    expect(oe.text).toContain("on_error\n  Input should be 'stop' or 'continue' [type=literal_error]");
  });
});
