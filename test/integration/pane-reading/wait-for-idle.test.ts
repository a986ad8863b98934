import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, runAndSee, type, until } from './reading-helpers';

interface Idle {
  pane_id: string;
  idle: boolean;
  timed_out: boolean;
  elapsed_seconds: number;
  lines: string[];
}
interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * wait_for_idle (docs/reference/tools.md#wait_for_idle) on both engines. Producers that must
 * block wait on tmux channels, never on sleeps; the only `sleep` is the busy pane's workload.
 */
describe('wait_for_idle', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('idle');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  async function waitIdle(args: Record<string, unknown>, armed?: () => void, signal?: AbortSignal) {
    const progress: Progress[] = [];
    const r = await h.call('wait_for_idle', args, {
      signal,
      onprogress: (p) => {
        progress.push(p as Progress);
        if (progress.length === 1) armed?.();
      },
    });
    return { r, progress };
  }

  it('returns idle once the pane has been quiet for idle_seconds, with its last lines', async () => {
    const pane = await newPane(tmux, 'idle');
    await runAndSee(tmux, pane, 'echo QUIET-$((40+2))');
    const { r } = await waitIdle({ pane_id: pane, idle_seconds: 0.2, timeout: 10 });
    expect(r.isError).toBeFalsy();
    const w = r.structuredContent as unknown as Idle;
    expect(w).toMatchObject({ pane_id: pane, idle: true, timed_out: false });
    expect(w.elapsed_seconds).toBeGreaterThanOrEqual(0.2);
    expect(w.lines).toContain('QUIET-42');
    expect(w.lines[w.lines.length - 1]).toMatch(/^\$ ?$/);
  });

  it('a pane that keeps writing is not idle: it times out', async () => {
    const pane = await newPane(tmux, 'idle');
    type(tmux, pane, 'while :; do echo busy; sleep 0.05; done');
    await until('the pane prints', async () => (await tmux.tmuxAsync('capture-pane', '-p', '-t', pane)).includes('busy\nbusy'));
    const w = await h.ok<Idle>('wait_for_idle', { pane_id: pane, idle_seconds: 1, timeout: 0.6 });
    expect(w).toMatchObject({ idle: false, timed_out: true });
    expect(w.lines[w.lines.length - 1]).toBe('busy');
    tmux.tmux('send-keys', '-t', pane, 'C-c');
  });

  it('a pane repeating one line on a full screen is not idle (the history grows, the screen does not change)', async () => {
    const pane = await newPane(tmux, 'idle');
    type(tmux, pane, 'while :; do echo same; sleep 0.05; done');
    // Every row above the cursor's (the last, empty) reads `same` and the pane scrolls: the screen
    // and the cursor stay as they are.
    await until('the screen is full of one line', async () => {
      const rows = (await tmux.tmuxAsync('capture-pane', '-p', '-t', pane)).split('\n').filter((r) => r !== '');
      const height = Number(await tmux.tmuxAsync('display-message', '-p', '-t', pane, '#{pane_height}'));
      return rows.length === height - 1 && rows.every((r) => r === 'same');
    });
    // idle_seconds is many loop periods long: a busy machine that delays the loop's sleep cannot
    // make it look idle, and the timeout leaves room for a quiet spell to be seen if it were taken for one.
    const w = await h.ok<Idle>('wait_for_idle', { pane_id: pane, idle_seconds: 1, timeout: 2.5 });
    expect(w).toMatchObject({ idle: false, timed_out: true });
    tmux.tmux('send-keys', '-t', pane, 'C-c');
  });

  it('goes idle when the output stops (the producer blocks on a channel)', async () => {
    const pane = await newPane(tmux, 'idle');
    const gate = `idle_gate_${process.pid}`;
    // The quiet spell is counted from entry, before the command is typed: it is long enough that a
    // busy machine's delay in delivering the first progress and typing cannot pass for it.
    const { r } = await waitIdle({ pane_id: pane, idle_seconds: 1, timeout: 20 }, () =>
      type(tmux, pane, `seq 1 3; echo STOPPED; tmux -L ${tmux.socket} wait-for ${gate}`),
    );
    const w = r.structuredContent as unknown as Idle;
    expect(w.idle).toBe(true);
    await tmux.tmuxAsync('wait-for', '-S', gate);
    // Idle came after the typed command, not before it: its output is on screen.
    expect(w.lines).toEqual(expect.arrayContaining(['STOPPED']));
  });

  it('max_lines keeps the last lines; trailing blank rows are dropped', async () => {
    const pane = await newPane(tmux, 'idle');
    await runAndSee(tmux, pane, 'seq 1 10');
    const w = await h.ok<Idle>('wait_for_idle', { pane_id: pane, idle_seconds: 0.1, max_lines: 3 });
    const visible = (await tmux.tmuxAsync('capture-pane', '-p', '-J', '-t', pane)).split('\n');
    while (visible.length && visible[visible.length - 1] === '') visible.pop();
    expect(w.lines).toEqual(visible.slice(-3));
    const all = await h.ok<Idle>('wait_for_idle', { pane_id: pane, idle_seconds: 0.1, max_lines: null });
    expect(all.lines).toEqual(expect.arrayContaining(['1', '10']));
    expect(all.lines[all.lines.length - 1]).not.toBe('');
  });

  it("sends progress with the pane's last non-blank line as the message (docs/reference/protocol.md#progress)", async () => {
    const pane = await newPane(tmux, 'idle');
    const gate = `idle_progress_${process.pid}`;
    type(tmux, pane, `printf 'LAST-LINE-\\033[1mBOLD\\033[0m\\n\\n\\n'; tmux -L ${tmux.socket} wait-for ${gate}`);
    await until('the line is printed', async () => (await tmux.tmuxAsync('capture-pane', '-p', '-t', pane)).includes('LAST-LINE-BOLD'));
    const { r, progress } = await waitIdle({ pane_id: pane, idle_seconds: 1.2, timeout: 10 });
    await tmux.tmuxAsync('wait-for', '-S', gate);
    expect(r.isError).toBeFalsy();
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((p) => p.total === 10)).toBe(true);
    expect(progress.every((p) => p.message === 'LAST-LINE-BOLD')).toBe(true);
    for (let i = 1; i < progress.length; i++) expect(progress[i].progress).toBeGreaterThan(progress[i - 1].progress);
  });

  it('a pane that dies while it waits is an error naming it', async () => {
    const pane = await newPane(tmux, 'idle');
    tmux.tmux('set-option', '-p', '-t', pane, 'remain-on-exit', 'on');
    const gate = `idle_die_${process.pid}`;
    type(tmux, pane, `tmux -L ${tmux.socket} wait-for ${gate}; exit`);
    const { r } = await waitIdle({ pane_id: pane, idle_seconds: 30, timeout: 20 }, () => void tmux.tmuxAsync('wait-for', '-S', gate));
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toBe(`pane ${pane} died while wait_for_idle was waiting for it`);
    expect(r._meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });

  it('cancellation ends the wait at once, without a result', async () => {
    const pane = await newPane(tmux, 'idle');
    const ac = new AbortController();
    const call = waitIdle({ pane_id: pane, idle_seconds: 30, timeout: 20 }, () => ac.abort(), ac.signal);
    await expect(call).rejects.toThrow();
    // The server is fine afterwards.
    expect((await h.ok<Idle>('wait_for_idle', { pane_id: pane, idle_seconds: 0.05 })).idle).toBe(true);
  });

  it('validates its bounds in the schema', async () => {
    const bad = async (args: Record<string, unknown>) => (await h.err('wait_for_idle', args)).text;
    expect(await bad({ idle_seconds: 0 })).toContain('idle_seconds\n  Input should be greater than 0 [type=greater_than]');
    expect(await bad({ timeout: -1 })).toContain('timeout\n  Input should be greater than 0 [type=greater_than]');
    expect(await bad({ max_lines: 0 })).toContain('max_lines\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
    expect(await bad({ idle_seconds: '2' })).toContain('[type=float_type]');
    expect(await bad({ interval: 0.5 })).toContain('interval\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect((await h.err('wait_for_idle', { pane_id: '%999999' })).text).toBe(
      'Pane not found: %999999\nCall list_panes to discover valid pane ids.',
    );
  });

  it('batch wrappers refuse it (it bounds its own wait)', async () => {
    const r = await h.ok<{ results: { success: boolean; error: string | null }[] }>('call_readonly_tools_batch', {
      operations: [{ tool: 'wait_for_idle', arguments: {} }],
    });
    expect(r.results[0]).toMatchObject({ success: false });
    expect(r.results[0].error).toBe(
      "Tool 'wait_for_idle' enforces its own wait ceiling and cannot be batched; batching would multiply that ceiling by the operation count. Call it directly.",
    );
  });
});
