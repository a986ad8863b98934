import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { RunCommandReaper } from '../../../src/services/run-command-reaper.service';
import { paneOptions, readyPane, runWaiters, until } from './pane-io-helpers';

interface RunResult {
  pane_id: string;
  exit_status: number | null;
  timed_out: boolean;
  elapsed_seconds: number;
  output: string[];
  output_truncated: boolean;
  output_truncated_lines: number;
  effective_timeout: number;
}

const noMarkers = (r: RunResult) => r.output.every((l) => !/r_[0-9a-f]{10}|@s_[0-9a-f]{10}|s=\$\?/.test(l));

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

  it('returns exit status 0 and the visible output without the private sync lines', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'echo run-$((6*7))', pane_id: pane });
    expect(r).toMatchObject({
      pane_id: pane,
      exit_status: 0,
      timed_out: false,
      output_truncated: false,
      output_truncated_lines: 0,
      effective_timeout: 30,
    });
    expect(r.output).toContain('run-42');
    expect(r.output[r.output.indexOf('run-42') - 1]).toBe('echo run-$((6*7))');
    expect(noMarkers(r)).toBe(true);
    expect(r.elapsed_seconds).toBeGreaterThanOrEqual(0);
    expect(Math.round(r.elapsed_seconds * 1000) / 1000).toBe(r.elapsed_seconds);
    // suppress_history defaults to true: the echoed opening line starts with one extra space.
    expect(r.output.some((l) => /^[$#] {2}\($/.test(l))).toBe(true);
    expect(paneOptions(fx, pane)).not.toContain('@s_');
  });

  it('reports non-zero statuses; the status is the last command of the line', async () => {
    const pane = await readyPane(fx);
    expect((await run({ command: 'false', pane_id: pane })).exit_status).toBe(1);
    expect((await run({ command: 'exit 7', pane_id: pane })).exit_status).toBe(7);
    const r = await run({ command: 'false; echo after-false', pane_id: pane });
    expect(r.exit_status).toBe(0);
    expect(r.output).toContain('after-false');
    // The subshell kept cd/export from leaking into the pane's shell.
    await run({ command: 'cd / && export LEAK=1', pane_id: pane });
    const after = await run({ command: 'echo "[${LEAK:-none}]"', pane_id: pane });
    expect(after.output).toContain('[none]');
    // Wrapper rows of the earlier runs on the same screen are filtered too.
    expect(noMarkers(after)).toBe(true);
  });

  it('runs a multi-line command with suppress_history=false', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'echo first-line\necho second-line\nexit 3   \n', pane_id: pane, suppress_history: false });
    expect(r.exit_status).toBe(3);
    expect(r.output).toEqual(expect.arrayContaining(['first-line', 'second-line']));
    expect(noMarkers(r)).toBe(true);
  });

  it('tail-truncates to max_lines', async () => {
    const pane = await readyPane(fx);
    const r = await run({ command: 'seq 5000', pane_id: pane, max_lines: 5 });
    expect(r.exit_status).toBe(0);
    expect(r.output).toHaveLength(5);
    expect(r.output).toContain('5000');
    expect(r.output_truncated).toBe(true);
    expect(r.output_truncated_lines).toBeGreaterThan(0);
    const all = await run({ command: 'seq 3', pane_id: pane, max_lines: null });
    expect(all.output_truncated).toBe(false);
    expect(all.output).toEqual(expect.arrayContaining(['1', '2', '3']));
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
      'Pane not found: Pane not found: %999999\nCall list_panes to discover valid pane ids.',
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
    await until(() => runWaiters(fx).length === 1, 'run_command waiter started');
    ac.abort();
    await expect(call).rejects.toThrow();
    const reaper = h.app.container.resolve(RunCommandReaper);
    await until(() => reaper.pending() === 1 && runWaiters(fx).length === 1, 'reaper took over');
    await fx.tmuxAsync('wait-for', '-S', gate);
    await until(() => runWaiters(fx).length === 0 && reaper.pending() === 0, 'reaper finished');
    expect(paneOptions(fx, pane)).not.toContain('@s_');
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
      command: `tmux -L ${fx.socket} wait-for ${gate}; echo released`,
      pane_id: pane,
      timeout: 30,
    });
    expect(r).toMatchObject({ pane_id: pane, timed_out: true, exit_status: null, effective_timeout: 1 });
    expect(r.elapsed_seconds).toBeGreaterThanOrEqual(1);
    const reaper = h.app.container.resolve(RunCommandReaper);
    expect(reaper.pending()).toBe(1);
    expect(runWaiters(fx)).toHaveLength(1);
    await fx.tmuxAsync('wait-for', '-S', gate);
    // The shell sets the option before it signals, so "waiter gone" + "option gone" means reaped.
    await until(() => runWaiters(fx).length === 0 && reaper.pending() === 0, 'reaped');
    expect(paneOptions(fx, pane)).not.toContain('@s_');
  });

  it('suppress_history follows the server default (TMUX_MCP_SUPPRESS_HISTORY=0) when omitted', async () => {
    const pane = await readyPane(fx);
    const r = await h.ok<RunResult>('run_command', { command: 'echo x\necho multi-ok', pane_id: pane });
    expect(r.output).toContain('multi-ok');
    expect(r.output.some((l) => /^[$#] \($/.test(l))).toBe(true);
    const explicit = await h.err('run_command', { command: 'echo x\necho y', pane_id: pane, suppress_history: true });
    expect(explicit.text).toBe('command must be a single line when suppress_history=True');
  });

  it('a command that closes its own pane: pane-not-found, and the reaper stops with the pane', async () => {
    const pane = await readyPane(fx);
    const e = await h.err('run_command', { command: `tmux -L ${fx.socket} kill-pane -t ${pane}`, pane_id: pane });
    expect(e.text).toBe(`Pane not found: Pane not found: ${pane}\nCall list_panes to discover valid pane ids.`);
    const reaper = h.app.container.resolve(RunCommandReaper);
    await until(() => runWaiters(fx).length === 0 && reaper.pending() === 0, 'reaper bounded by the pane');
  });

  it('kills its waiters at shutdown', async () => {
    const pane = await readyPane(fx);
    const gate = `gate_shutdown_${process.pid}`;
    const r = await h.ok<RunResult>('run_command', { command: `tmux -L ${fx.socket} wait-for ${gate}`, pane_id: pane });
    expect(r.timed_out).toBe(true);
    expect(runWaiters(fx)).toHaveLength(1);
    await h.close();
    await until(() => runWaiters(fx).length === 0, 'no waiter after shutdown');
    expect(paneOptions(fx, pane)).not.toContain('@s_');
    await fx.tmuxAsync('wait-for', '-S', gate);
  });
});
