import { like } from '../../helpers/like';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { RunRegistry } from '../../../src/services/run-registry.service';
import { paneOptions, readyPane, runWaiters, until, waitersFor } from './pane-io-helpers';

interface RunResult {
  pane_id: string;
  run_id: string;
  state: string;
  alternate_screen: boolean;
  prompt: string | null;
  exit_status: number | null;
  timed_out: boolean;
  elapsed_seconds: number;
  output: string[];
  output_truncated: boolean;
  output_truncated_lines: number;
  effective_timeout: number;
}

describe('run_command', () => {
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

  const run = (args: Record<string, unknown>) => h.ok<RunResult>('run_command', args);

  it("returns the exit status and the command's own output: no prompt, no echo, no wrapper", async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'echo run-$((6*7))', pane_id: pane });
    expect(r).toEqual({
      pane_id: pane,
      run_id: like.stringMatching(/^r_[0-9a-f]{10}$/),
      state: 'finished',
      exit_status: 0,
      timed_out: false,
      elapsed_seconds: r.elapsed_seconds,
      output: ['run-42'],
      output_truncated: false,
      output_truncated_lines: 0,
      alternate_screen: false,
      prompt: null,
      effective_timeout: 30,
    });
    expect(r.elapsed_seconds).toBeGreaterThanOrEqual(0);
    expect(Math.round(r.elapsed_seconds * 1000) / 1000).toBe(r.elapsed_seconds);
    expect(paneOptions(fx, pane)).not.toMatch(/@[kwqsbe]_/);
    // Nothing at all printed: an empty output.
    expect((await run({ command: 'true', pane_id: pane })).output).toEqual([]);
  });

  it("reports non-zero statuses; in a pane with earlier commands, only this one's lines come back", async () => {
    const pane = await readyPane(fx);
    expect((await run({ command: 'false', pane_id: pane })).exit_status).toBe(1);
    expect((await run({ command: 'exit 7', pane_id: pane })).exit_status).toBe(7);
    const r = await run({ command: 'false; echo after-false', pane_id: pane });
    expect(r).toMatchObject({ exit_status: 0, output: ['after-false'] });
    // The subshell kept cd/export from leaking into the pane's shell.
    await run({ command: 'cd / && export LEAK=1', pane_id: pane });
    expect((await run({ command: 'echo "[${LEAK:-none}]"', pane_id: pane })).output).toEqual(['[none]']);
    expect((await run({ command: 'seq 1 5', pane_id: pane })).output).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps stderr, blank lines, a missing final newline, and lines that look like our markers', async () => {
    const pane = await readyPane(fx);
    expect((await run({ command: 'echo out; echo err >&2; echo; echo end', pane_id: pane })).output).toEqual(['out', 'err', '', 'end']);
    expect((await run({ command: 'printf "no-newline"', pane_id: pane })).output).toEqual(['no-newline']);
    const lookalikes = [
      '); s=$?; tmux set-option -p -t %1 @s_0123456789 "$s" ; wait-for -S r_0123456789',
      '( tmux set-option -p -t %1 -F @b_0123456789 x',
      '%end 1 2 1',
      '[... 3 lines omitted ...]',
    ];
    const r = await run({ command: `printf '%s\\n' ${lookalikes.map((l) => `'${l.replace(/'/g, `'\\''`)}'`).join(' ')}`, pane_id: pane });
    expect(r.output).toEqual(lookalikes);
  });

  it('runs a multi-line command with suppress_history=false', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'echo first-line\necho second-line\nexit 3   \n', pane_id: pane, suppress_history: false });
    expect(r).toMatchObject({ exit_status: 3, output: ['first-line', 'second-line'] });
  });

  it('returns lines that scrolled into the history (output longer than the pane)', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'seq 1 300', pane_id: pane });
    expect(r.output).toEqual(Array.from({ length: 300 }, (_, i) => String(i + 1)));
    expect(r.output_truncated).toBe(false);
  });

  it('bounds a long output: head, one omitted-lines line, tail (lines, then bytes)', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'seq 1 1000', pane_id: pane });
    const nums = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
    expect(r.output).toEqual([...nums(1, 80), '[... 600 lines omitted ...]', ...nums(681, 1000)]);
    expect(r).toMatchObject({ output_truncated: true, output_truncated_lines: 600 });
    // 60 lines of 1,000 characters (each wraps over 13 rows and is joined back).
    const wide = await run({ command: "for i in $(seq 1 60); do printf '%04d%0996d\\n' $i 0; done", pane_id: pane });
    const marker = wide.output.findIndex((l) => /^\[\.\.\. \d+ lines omitted \.\.\.\]$/.test(l));
    expect(marker).toBeGreaterThan(0);
    expect(wide.output.filter((l, i) => i !== marker).every((l) => l.length === 1000)).toBe(true);
    expect(wide.output[0].slice(0, 4)).toBe('0001');
    expect(wide.output[wide.output.length - 1].slice(0, 4)).toBe('0060');
    expect(wide.output_truncated_lines).toBe(60 - (wide.output.length - 1));
    expect(Buffer.byteLength(wide.output.join('\n'))).toBeLessThanOrEqual(32 * 1024 + 100);
  });

  it('max_lines keeps the last N lines', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'seq 500', pane_id: pane, max_lines: 5 });
    expect(r).toMatchObject({ exit_status: 0, output: ['496', '497', '498', '499', '500'], output_truncated: true });
    expect(r.output_truncated_lines).toBe(495);
    const all = await run({ command: 'seq 3', pane_id: pane, max_lines: null });
    expect(all).toMatchObject({ output: ['1', '2', '3'], output_truncated: false });
  });

  it('a command that clears the screen returns what it printed after the clear', async () => {
    const pane = await readyPane(fx);
    await run({ command: 'seq 1 50', pane_id: pane });
    const r = await run({ command: "echo gone; printf '\\033[H\\033[2J\\033[3J'; echo after", pane_id: pane });
    expect(r.output).toEqual(['after']);
  });

  it('a program that ends on the alternate screen returns that screen', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: "printf '\\033[?1049h\\033[H\\033[2JTUI-TOP\\nTUI-FINAL'", pane_id: pane });
    expect(r.output).toEqual(['TUI-TOP', 'TUI-FINAL']);
    // A full-screen program that leaves the alternate screen printed nothing on the main one.
    const fresh = await readyPane(fx);
    const back = await run({ command: "printf '\\033[?1049hINSIDE\\033[?1049l'; echo back", pane_id: fresh });
    expect(back.output).toEqual(['back']);
  });

  it('a command that leaves an alternate screen it started on returns no older history', async () => {
    const pane = await readyPane(fx);
    await run({ command: 'for i in $(seq 1 60); do echo OLD-$i; done', pane_id: pane });
    // An earlier program left the pane on the alternate screen; the command brings it back.
    fx.tmux('send-keys', '-t', pane, "printf '\\033[?1049h'", 'Enter');
    await until(() => fx.tmux('display-message', '-p', '-t', pane, '#{alternate_on}') === '1', 'the pane is on the alternate screen');
    const r = await run({ command: "printf '\\033[?1049l'; echo back-main", pane_id: pane });
    expect(r.output).toContain('back-main');
    // Where the output began on the main screen is not known: its visible rows, never the history above them.
    expect(r.output).not.toContain('OLD-1');
  });

  it('keeps UTF-8 and wide characters, also where a wide line wraps or the output ends mid-row', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: "printf '漢字テスト\\nemoji 🎉 ok\\nünïcødé\\n'", pane_id: pane });
    expect(r.output).toEqual(['漢字テスト', 'emoji 🎉 ok', 'ünïcødé']);
    const wrapped = '漢'.repeat(50);
    expect((await run({ command: `printf '${wrapped}\\n'`, pane_id: pane })).output).toEqual([wrapped]);
    expect((await run({ command: "printf '漢字x'", pane_id: pane })).output).toEqual(['漢字x']);
  });

  it("counts lines that left tmux's history, never drops them silently", async () => {
    fx.tmux('set-option', '-g', 'history-limit', '100');
    const pane = fx.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', 'sh');
    fx.tmux('set-option', '-g', 'history-limit', '2000');
    await readyPane(fx, pane);
    const r = await run({ command: 'seq 1 1000', pane_id: pane });
    // Exact (docs/reference/engine.md#run-line-count): kept + omitted = lines printed.
    expect(r.output[0]).toMatch(/^\[\.\.\. \d+ lines omitted \.\.\.\]$/);
    const kept = r.output.slice(1).map(Number);
    expect(kept[kept.length - 1]).toBe(1000);
    kept.forEach((n, i) => i > 0 && expect(n).toBe(kept[i - 1] + 1));
    expect(r.output_truncated).toBe(true);
    expect(r.output_truncated_lines).toBe(1000 - kept.length);
  });

  it('validates before touching tmux, in the reference order', async () => {
    const target = { pane_id: '%999999' };
    expect((await h.err('run_command', { command: '  \t ', timeout: 0, ...target })).text).toBe('command must not be empty');
    const multi = await h.err('run_command', { command: 'echo a\necho b', timeout: 0, ...target });
    expect(multi.text).toBe('command must be a single line when suppress_history=True');
    expect((await h.err('run_command', { command: 'echo a\rb', suppress_history: true, ...target })).text).toBe(
      'command must be a single line when suppress_history=True',
    );
    expect((await h.err('run_command', { command: 'true', timeout: 0, ...target })).text).toBe('timeout must be positive');
    expect((await h.err('run_command', { command: 'true', timeout: -1, ...target })).meta).toMatchObject({
      error_type: 'ExpectedToolError',
      expected: true,
    });
    expect((await h.err('run_command', { command: 'true', max_lines: 0, ...target })).text).toContain(
      'max_lines\n  Input should be greater than or equal to 1 [type=greater_than_equal]',
    );
    expect((await h.err('run_command', { command: 'true', ...target })).text).toBe(
      'Pane not found: %999999\nCall list_panes to discover valid pane ids.',
    );
  });

  it('sends progress while it waits (total = effective timeout)', async () => {
    const pane = await readyPane(fx);
    const gate = `gate_progress_${process.pid}`;
    const seen: { progress: number; total?: number }[] = [];
    let released = false;
    const r = await h.call(
      'run_command',
      { command: `tmux -L ${fx.socket} wait-for ${gate}`, pane_id: pane, timeout: 20 },
      {
        onprogress: (p) => {
          seen.push(p as { progress: number; total?: number });
          // Release the command only after two heartbeats arrived.
          if (seen.length === 2 && !released) {
            released = true;
            void fx.tmuxAsync('wait-for', '-S', gate);
          }
        },
      },
    );
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as unknown as RunResult).exit_status).toBe(0);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((p) => p.total === 20)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i].progress).toBeGreaterThan(seen[i - 1].progress);
  });

  it('cancellation kills the waiter; the reaper cleans up once the command ends', async () => {
    const pane = await readyPane(fx);
    const gate = `gate_cancel_${process.pid}`;
    const ac = new AbortController();
    const call = h.call('run_command', { command: `tmux -L ${fx.socket} wait-for ${gate}`, pane_id: pane }, { signal: ac.signal });
    // The shell claimed the line (its begin mark is set) and the run is followed.
    await until(() => runWaiters(fx).length === waitersFor(1) && /@b_/.test(paneOptions(fx, pane)), 'run_command started');
    ac.abort();
    await expect(call).rejects.toThrow();
    const registry = h.app.container.resolve(RunRegistry);
    await until(() => registry.following() === 1 && runWaiters(fx).length === waitersFor(1), 'reaper took over');
    await fx.tmuxAsync('wait-for', '-S', gate);
    await until(() => runWaiters(fx).length === 0 && registry.following() === 0, 'reaper finished');
    expect(paneOptions(fx, pane)).not.toMatch(/@[kwqsbe]_/);
  });
});

describe('run_command with a 1 s wait ceiling', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    fx.start('alpha');
    h = await McpHarness.start({ socket: fx.socket, config: { waitMaxSeconds: 1, suppressHistory: false } });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
  });

  it('times out at min(timeout, ceiling); the shell keeps running; the reaper unsets the option later', async () => {
    const pane = await readyPane(fx);
    const gate = `gate_timeout_${process.pid}`;
    const r = await h.ok<RunResult>('run_command', {
      command: `echo started; tmux -L ${fx.socket} wait-for ${gate}; echo released`,
      pane_id: pane,
      timeout: 30,
    });
    expect(r).toMatchObject({ pane_id: pane, state: 'running', timed_out: true, exit_status: null, effective_timeout: 1 });
    // What the command printed so far; the time since the command was sent (the call's whole timeout but the readiness check).
    expect(r.output).toEqual(['started']);
    expect(r.elapsed_seconds).toBeGreaterThan(0);
    const registry = h.app.container.resolve(RunRegistry);
    expect(registry.following()).toBe(1);
    expect(runWaiters(fx)).toHaveLength(waitersFor(1));
    await fx.tmuxAsync('wait-for', '-S', gate);
    // The shell sets the option before it signals, so "waiter gone" + "option gone" means reaped.
    await until(() => runWaiters(fx).length === 0 && registry.following() === 0, 'reaped');
    expect(paneOptions(fx, pane)).not.toMatch(/@[kwqsbe]_/);
  });

  it('suppress_history follows the server default (TMUX_MCP_SUPPRESS_HISTORY=0) when omitted', async () => {
    const pane = await readyPane(fx);
    let r = await h.ok<RunResult>('run_command', { command: 'echo x\necho multi-ok', pane_id: pane });
    // The 1 s ceiling may end the call first on a busy machine: the run's record has the rest.
    for (let i = 0; i < 60 && r.state !== 'finished'; i++) r = await h.ok<RunResult>('wait_for_run', { run_id: r.run_id });
    expect(r).toMatchObject({ state: 'finished', exit_status: 0 });
    expect(r.output).toEqual(['x', 'multi-ok']);
    const explicit = await h.err('run_command', { command: 'echo x\necho y', pane_id: pane, suppress_history: true });
    expect(explicit.text).toBe('command must be a single line when suppress_history=True');
  });

  it('a command that closes its own pane: pane-not-found, and the reaper stops with the pane', async () => {
    const pane = await readyPane(fx);
    const e = await h.err('run_command', { command: `tmux -L ${fx.socket} kill-pane -t ${pane}`, pane_id: pane });
    expect(e.text).toBe(`Pane not found: ${pane}\nCall list_panes to discover valid pane ids.`);
    const registry = h.app.container.resolve(RunRegistry);
    await until(() => runWaiters(fx).length === 0 && registry.following() === 0, 'reaper bounded by the pane');
  });

  it('kills its waiters at shutdown', async () => {
    const pane = await readyPane(fx);
    const gate = `gate_shutdown_${process.pid}`;
    const r = await h.ok<RunResult>('run_command', { command: `tmux -L ${fx.socket} wait-for ${gate}`, pane_id: pane });
    expect(r.timed_out).toBe(true);
    expect(runWaiters(fx)).toHaveLength(waitersFor(1));
    expect(h.app.container.resolve(RunRegistry).following()).toBe(1);
    await h.close();
    await until(() => runWaiters(fx).length === 0, 'no waiter after shutdown');
    // The command still runs: its tail stores status and marks, and tmux itself removes them a
    // few seconds later, with no server left to read them (docs/reference/engine.md#run_command-leftovers).
    await fx.tmuxAsync('wait-for', '-S', gate);
    await until(() => /@s_/.test(paneOptions(fx, pane)), 'the tail ran', 200);
    await until(() => !/@[kwqsbe]_/.test(paneOptions(fx, pane)), 'nothing of the run left', 600);
  });
});
