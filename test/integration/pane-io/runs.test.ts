import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { until } from '../../helpers/poll';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { readyPane, runWaiters } from './pane-io-helpers';

/**
 * Runs that outlive their call (docs/reference/tools.md#runs), waiting for input
 * (docs/reference/tools.md#run_command, docs/reference/engine.md#waiting-for-input) and the runs
 * resources with their subscriptions (docs/reference/resources-and-prompts.md#runs). A command's
 * progress is released through tmux wait-for channels, never by sleeping.
 */
interface RunResult {
  pane_id: string;
  run_id: string;
  state: string;
  exit_status: number | null;
  timed_out: boolean;
  elapsed_seconds: number;
  output: string[];
  output_truncated: boolean;
  output_truncated_lines: number;
  alternate_screen: boolean;
  prompt: string | null;
  effective_timeout: number;
}

describe('runs: a run outlives its call, is seen waiting for input, and is pushed', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;
  let gates = 0;

  beforeAll(async () => {
    fx.start('runs');
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
  });

  /** A fresh channel name and the shell words that block on it. */
  const gate = () => {
    const name = `runs_gate_${process.pid}_${gates++}`;
    return { name, wait: `tmux -L ${fx.socket} wait-for ${name}`, open: () => fx.tmuxAsync('wait-for', '-S', name) };
  };
  const run = (args: Record<string, unknown>) => h.ok<RunResult>('run_command', args);
  const waitFor = (args: Record<string, unknown>) => h.ok<RunResult>('wait_for_run', args);
  const readJson = async <T>(uri: string): Promise<T> =>
    JSON.parse(((await h.client.readResource({ uri })).contents[0] as { text: string }).text) as T;
  const runState = async (id: string) => (await readJson<{ state: string }>(`tmux://runs/${id}`)).state;

  it('a wake of the run channel before its tail ran is not its end: the status still comes from the tail (docs/reference/engine.md#exit-status)', async () => {
    const pane = await readyPane(fx);
    const g = gate();
    const first = await run({ command: `${g.wait}; (exit 5)`, pane_id: pane, timeout: 0.5 });
    expect(first).toMatchObject({ state: 'running', timed_out: true });
    // On the subprocess engine the run is followed by a wait-for child on this channel: wake it
    // by hand while the command still runs (in band nothing waits on it, and this changes nothing).
    await fx.tmuxAsync('wait-for', '-S', first.run_id);
    await g.open();
    expect(await waitFor({ run_id: first.run_id, timeout: 20 })).toMatchObject({ state: 'finished', exit_status: 5, timed_out: false });
  });

  it('a run whose call timed out is followed to its end: wait_for_run gives its status and whole output, twice the same', async () => {
    const pane = await readyPane(fx);
    const g = gate();
    const first = await run({ command: `echo early; ${g.wait}; echo late; exit 7`, pane_id: pane, timeout: 0.5 });
    expect(first).toMatchObject({ state: 'running', timed_out: true, exit_status: null, output: ['early'], prompt: null });
    expect(first.run_id).toMatch(/^r_[0-9a-f]{10}$/);
    await g.open();
    const done = await waitFor({ run_id: first.run_id, timeout: 20 });
    expect(done).toMatchObject({
      pane_id: pane,
      run_id: first.run_id,
      state: 'finished',
      exit_status: 7,
      timed_out: false,
      output: ['early', 'late'],
      output_truncated: false,
      alternate_screen: false,
      prompt: null,
      effective_timeout: 20,
    });
    expect(await waitFor({ run_id: first.run_id, timeout: 20 })).toEqual(done);
    // Its elapsed time is the run's own, from its start to its end, the same in every answer.
    expect(done.elapsed_seconds).toBeGreaterThan(0);
  });

  it('a run that ended with nobody waiting is answered from its record, after the screen and history were cleared', async () => {
    const pane = await readyPane(fx);
    const g = gate();
    const first = await run({ command: `${g.wait}; printf 'recorded %s\\n' one two; exit 3`, pane_id: pane, timeout: 0.5 });
    expect(first.state).toBe('running');
    await g.open();
    await until(
      () => runState(first.run_id),
      (s) => s === 'finished',
      'the run is recorded finished with no call waiting',
    );
    expect(runWaiters(fx).filter((w) => w.endsWith(first.run_id))).toEqual([]);
    fx.tmux('send-keys', '-R', '-t', pane);
    fx.tmux('clear-history', '-t', pane);
    const r = await waitFor({ run_id: first.run_id });
    expect(r).toMatchObject({ state: 'finished', exit_status: 3, output: ['recorded one', 'recorded two'] });
  });

  it('3,000 lines through a 100-line history: the record counts the omitted lines exactly (kept + omitted = 3,000)', async () => {
    fx.tmux('set-option', '-g', 'history-limit', '100');
    const pane = fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', 'sh');
    fx.tmux('set-option', '-g', 'history-limit', '2000');
    await readyPane(fx, pane);
    const g = gate();
    const first = await run({ command: `${g.wait}; seq 1 3000`, pane_id: pane, timeout: 0.5 });
    await g.open();
    const r = await waitFor({ run_id: first.run_id, timeout: 30 });
    expect(r.exit_status).toBe(0);
    const m = /^\[\.\.\. (\d+) lines omitted \.\.\.\]$/.exec(r.output[0]);
    expect(m).not.toBeNull();
    const kept = r.output.slice(1);
    expect(kept.length + Number(m![1])).toBe(3000);
    expect(r.output_truncated_lines).toBe(Number(m![1]));
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => String(3001 - kept.length + i)));
    // max_lines counts the same way.
    const last5 = await waitFor({ run_id: first.run_id, max_lines: 5 });
    expect(last5).toMatchObject({ output: ['2996', '2997', '2998', '2999', '3000'], output_truncated_lines: 2995 });
  });

  it('an unknown run_id is an expected error naming it and saying how long runs are kept', async () => {
    const e = await h.err('wait_for_run', { run_id: 'r_0000000000' });
    expect(e.text.split('\n')[0]).toBe("Unknown run: 'r_0000000000'");
    expect(e.text).toContain('60 minutes');
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    const hostile = await h.err('wait_for_run', { run_id: "x'\n\u0007" });
    expect(hostile.text.split('\n')[0]).toBe("Unknown run: 'x\\'\\n\\x07'");
  });

  it('a cancelled wait_for_run ends the wait, never the run', async () => {
    const pane = await readyPane(fx);
    const g = gate();
    const first = await run({ command: `${g.wait}; echo survived`, pane_id: pane, timeout: 0.5 });
    const ac = new AbortController();
    const waiting = h.call('wait_for_run', { run_id: first.run_id, timeout: 30 }, { signal: ac.signal, onprogress: () => ac.abort() });
    await expect(waiting).rejects.toThrow();
    expect(await runState(first.run_id)).toBe('running');
    await g.open();
    expect(await waitFor({ run_id: first.run_id, timeout: 20 })).toMatchObject({ state: 'finished', exit_status: 0, output: ['survived'] });
  });

  it('tmux://runs lists every run, newest first; tmux://runs/{run_id} is the result now', async () => {
    const pane = await readyPane(fx);
    const a = await run({ command: 'echo listed-a', pane_id: pane });
    const b = await run({ command: 'false', pane_id: pane });
    const list = await readJson<Record<string, unknown>[]>('tmux://runs');
    const ids = list.map((r) => r.run_id);
    expect(ids.indexOf(b.run_id)).toBeLessThan(ids.indexOf(a.run_id));
    expect(list.find((r) => r.run_id === b.run_id)).toEqual({
      run_id: b.run_id,
      pane_id: pane,
      host: null,
      socket_name: fx.socket,
      command: 'false',
      state: 'finished',
      started_at: like.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ended_at: like.stringMatching(/^\d{4}-\d\d-\d\dT/),
      exit_status: 1,
      error: null,
    });
    const one = await readJson<Record<string, unknown>>(`tmux://runs/${a.run_id}`);
    expect(one).toMatchObject({ run_id: a.run_id, state: 'finished', exit_status: 0, output: ['listed-a'], error: null });
    await expect(h.client.readResource({ uri: 'tmux://runs/r_nope' })).rejects.toThrow(/Resource not found: Unknown run: 'r_nope'/);
  });

  it('a command asking a question returns waiting_for_input with its prompt; the answer through send_keys, then wait_for_run', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'read -p "Continue? [y/N] " a; echo "answer=$a"', pane_id: pane, timeout: 15 });
    expect(r).toMatchObject({ state: 'waiting_for_input', exit_status: null, timed_out: false, prompt: 'Continue? [y/N]' });
    expect(r.output).toEqual(['Continue? [y/N] ']);
    await h.ok('send_keys', { keys: 'y', pane_id: pane });
    const done = await waitFor({ run_id: r.run_id, timeout: 15 });
    expect(done).toMatchObject({ state: 'finished', exit_status: 0, output: ['Continue? [y/N] y', 'answer=y'] });
  });

  it('cat and a full-screen pager wait for input too; a pager returns its screen as alternate_screen', async () => {
    const pane = await readyPane(fx);
    const c = await run({ command: 'cat', pane_id: pane, timeout: 15 });
    expect(c).toMatchObject({ state: 'waiting_for_input', alternate_screen: false });
    await h.ok('send_keys', { keys: 'C-d', enter: false, pane_id: pane });
    expect(await waitFor({ run_id: c.run_id, timeout: 15 })).toMatchObject({ state: 'finished', exit_status: 0 });
    const less = await run({ command: 'seq 1 200 | less', pane_id: pane, timeout: 15 });
    expect(less).toMatchObject({ state: 'waiting_for_input', alternate_screen: true });
    expect(less.output[0]).toBe('1');
    await h.ok('send_keys', { keys: 'q', enter: false, pane_id: pane });
    expect(await waitFor({ run_id: less.run_id, timeout: 15 })).toMatchObject({ state: 'finished', alternate_screen: false });
    expect((await run({ command: 'echo plain', pane_id: pane })).alternate_screen).toBe(false);
  });

  it('a sleeping command is not waiting for input; with return_on_input false a question only ends the call at its timeout', async () => {
    const pane = await readyPane(fx);
    expect(await run({ command: 'sleep 1', pane_id: pane, timeout: 20 })).toMatchObject({ state: 'finished', exit_status: 0 });
    const r = await run({ command: 'read -p "Name: " n; echo "n=$n"', pane_id: pane, timeout: 1.5, return_on_input: false });
    // The call timed out while the run waited for input: it says so.
    expect(r).toMatchObject({ timed_out: true, state: 'waiting_for_input', prompt: 'Name:' });
    fx.tmux('send-keys', '-t', pane, 'ok', 'Enter');
    expect(await waitFor({ run_id: r.run_id, timeout: 15 })).toMatchObject({ state: 'finished', output: ['Name: ok', 'n=ok'] });
  });

  it("pane_current_command names the run's program, not the shell that wraps it", async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'sleep 30', pane_id: pane, timeout: 0.5 });
    expect(r.state).toBe('running');
    // tmux itself names the process group's leader: the shell that wraps the run.
    expect(fx.tmux('display-message', '-p', '-t', pane, '#{pane_current_command}')).toBe('sh');
    const listed = (await h.ok<{ result: { pane_id: string; pane_current_command: string }[] }>('list_panes', {})).result.find(
      (p) => p.pane_id === pane,
    );
    expect(listed?.pane_current_command).toBe('sleep');
    expect((await h.ok<{ pane_current_command: string }>('get_pane_info', { pane_id: pane })).pane_current_command).toBe('sleep');
    expect((await h.ok<{ pane_current_command: string }>('snapshot_pane', { pane_id: pane })).pane_current_command).toBe('sleep');
    // C-c ends the command; the run reports the interrupted command's status.
    fx.tmux('send-keys', '-t', pane, 'C-c');
    expect(await waitFor({ run_id: r.run_id, timeout: 20 })).toMatchObject({ state: 'finished', exit_status: 130 });
    expect((await h.ok<{ pane_current_command: string }>('get_pane_info', { pane_id: pane })).pane_current_command).toBe('sh');
  });

  it('a subscribed run notifies each change of its state: running, waiting_for_input, running, finished', async () => {
    const pane = await readyPane(fx);
    const g1 = gate();
    const g2 = gate();
    const seen: string[] = [];
    h.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      seen.push(n.params.uri);
    });
    const r = await run({ command: `${g1.wait}; read -p 'Q? ' a; ${g2.wait}; echo "a=$a"`, pane_id: pane, timeout: 0.5 });
    expect(r.state).toBe('running');
    const uri = `tmux://runs/${r.run_id}`;
    await h.client.subscribeResource({ uri });
    const count = () => seen.filter((u) => u === uri).length;
    /** The next state, with a notification for it (at least one more than before). */
    const next = async (state: string, before: number) => {
      await until(
        async () => ({ state: await runState(r.run_id), told: count() }),
        (v) => v.state === state && v.told > before,
        `state ${state} notified`,
      );
    };
    let before = count();
    await g1.open();
    await next('waiting_for_input', before);
    before = count();
    await h.ok('send_keys', { keys: 'yes', pane_id: pane });
    await next('running', before);
    before = count();
    await g2.open();
    await next('finished', before);
    expect(await waitFor({ run_id: r.run_id })).toMatchObject({ exit_status: 0, output: ['Q? yes', 'a=yes'] });
    await h.client.unsubscribeResource({ uri });
    await expect(h.client.subscribeResource({ uri: 'tmux://runs/r_ffffffffff' })).rejects.toThrow(
      /Resource not found: Unknown run: 'r_ffffffffff'/,
    );
  });
});
