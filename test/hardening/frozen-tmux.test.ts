import { readFileSync } from 'node:fs';
import type { CallResult } from '../helpers/mcp-harness';
import { McpHarness } from '../helpers/mcp-harness';
import { expectClearError, expectOkOrClearError } from '../helpers/hardening-calls';
import { descendants, procInfo, until, type ProcInfo } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';

/**
 * A tmux server that stops answering (SIGSTOP: it holds its socket and reads nothing) bounds every
 * call (docs/reference/configuration.md#command-deadline): a call without its own timeout fails
 * with the expected `tmux did not answer within N s` (docs/reference/errors.md#command-deadline),
 * a call with one (run_command, the waits) ends with a result or an expected error. "Not a hang"
 * is the call settling at all while the server is still stopped (jest's test timeout is the only
 * clock). Once the server is resumed the next calls work and no tmux process of ours is left.
 * Runs on whichever engine TMUX_MCP_ENGINE picks (control by default, exec).
 */
const DEADLINE = 2;
const TIMEOUT_TEXT = `tmux did not answer within ${DEADLINE} s`;

/** `tmux` processes started by this jest process on our socket, other than the engine's control clients. */
function strayClients(socket: string): ProcInfo[] {
  return descendants(process.pid).filter((p) => {
    if (!/(^|\/)tmux$/.test(p.argv[0] ?? '') || !p.argv.includes(socket)) return false;
    // The control engine's own clients stay attached on purpose (docs/reference/engine.md#attaching).
    if (p.argv.includes('-C') || p.argv.includes('-CC')) return false;
    try {
      if (readFileSync(`/proc/${p.pid}/environ`, 'utf8').split('\0').includes('TERM=tmux-mcp-engine')) return false;
    } catch {
      // gone meanwhile
    }
    return true;
  });
}

/** The first line of an isError result that must be the command deadline's expected error. */
function expectDeadline(r: CallResult, what: string): void {
  const text = expectClearError(r, what);
  expect({ what, line: text.split('\n')[0] }).toEqual({ what, line: TIMEOUT_TEXT });
  expect({ what, meta: r._meta }).toMatchObject({ what, meta: { error_type: 'TmuxTimeout', expected: true } });
}

describe('a stopped tmux server (SIGSTOP): every call ends, with the expected deadline error', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;
  let serverPid = 0;
  let stopped = false;
  let pane = '';
  let cleanPane = '';

  function stop(): void {
    serverPid = tmux.serverPid();
    process.kill(serverPid, 'SIGSTOP');
    stopped = true;
  }
  function resume(): void {
    if (!stopped) return;
    stopped = false;
    process.kill(serverPid, 'SIGCONT');
  }

  beforeAll(async () => {
    tmux.start('main');
    tmux.session('clean');
    pane = tmux.firstPane('main');
    cleanPane = tmux.firstPane('clean');
    h = await McpHarness.start({ socket: tmux.socket, config: { commandTimeout: DEADLINE, safety: 'mutating' } });
  });
  // Whatever happens in the test, the server runs again before anything else touches it.
  afterEach(() => resume());
  afterAll(async () => {
    resume();
    await h?.close();
    tmux.cleanup();
  });

  /**
   * Calls without a timeout of their own: the command deadline's error, each decided per tool.
   * get_server_info included: a stopped server is alive and holds its sessions, so `is_alive:
   * false` would be a false answer (it was, before the probe let TmuxTimeout through).
   */
  const bounded = (): [string, Record<string, unknown>][] => [
    ['list_sessions', {}],
    ['capture_pane', { pane_id: pane }],
    ['send_keys', { pane_id: pane, keys: 'frozen-keys' }],
    ['get_server_info', {}],
    ['display_message', { format_string: '#{pane_id}', pane_id: pane }],
    ['load_buffer', { content: 'frozen-buffer', logical_name: 'frozen' }],
    ['paste_text', { pane_id: pane, text: 'frozen-paste' }],
    ['signal_channel', { channel: 'frozen-signal' }],
  ];
  /**
   * Calls with their own timeout: a result or an expected error, which one is up to the tool.
   * run_command and the two pane waits fail at their first tmux call, bounded by the deadline
   * (or what is left of their timeout); wait_for_channel's blocking `wait-for` runs out its own
   * timeout (`wait-for timeout: ...`), as it would against a server that answers but never signals.
   */
  const timed = (): [string, Record<string, unknown>][] => [
    ['run_command', { pane_id: pane, command: 'echo frozen-run', timeout: 3 }],
    ['wait_for_text', { pane_id: pane, patterns: ['NEVER-PRINTED-FROZEN'], timeout: 3 }],
    ['wait_for_idle', { pane_id: pane, timeout: 3 }],
    ['wait_for_channel', { channel: 'frozen-wait', timeout: 3 }],
  ];

  /** Stops the server, makes the calls (one after another, or all at once), checks they settled while it was stopped, resumes it. */
  async function callsWhileStopped(together: boolean): Promise<Record<string, CallResult>> {
    // Warm the engine (the control engine attaches on its first call); also the recovery of the test before.
    expect((await h.ok<{ result: unknown[] }>('list_sessions')).result.length).toBe(2);
    stop();
    const calls = [...bounded(), ...timed()];
    const answers: Record<string, CallResult> = {};
    if (together) {
      const all = await Promise.all(calls.map(([name, args]) => h.call(name, args)));
      calls.forEach(([name], i) => (answers[name] = all[i]));
    } else {
      for (const [name, args] of calls) answers[name] = await h.call(name, args);
    }
    // Every call above settled while the server was still stopped (state T): none waited for the resume.
    expect(procInfo(serverPid)?.state).toBe('T');
    resume();
    return answers;
  }

  function expectAnswers(answers: Record<string, CallResult>): void {
    const line = (r: CallResult) => (r.isError ? { error: r.content[0]?.text?.split('\n')[0], meta: r._meta } : 'ok');
    for (const [name] of bounded()) expectDeadline(answers[name], `${name} ${JSON.stringify(line(answers[name]))}`);
    for (const [name] of timed()) expectOkOrClearError(answers[name], `${name} ${JSON.stringify(line(answers[name]))}`);
  }

  /** Once resumed: the next calls work and nothing of the stopped calls is left behind. */
  async function expectRecovered(): Promise<void> {
    expect((await h.ok<{ result: unknown[] }>('list_sessions')).result.length).toBe(2);
    const run = await h.ok<{ exit_status: number | null; timed_out: boolean; output: string[] }>('run_command', {
      pane_id: cleanPane,
      command: 'echo after-""resume',
      timeout: 15,
    });
    expect(run).toMatchObject({ exit_status: 0, timed_out: false, output: ['after-resume'] });
    // The processes killed at their deadline and the blocking wait-for are gone; every control
    // client process left is one tmux lists as attached (none abandoned half-way).
    await until(() => strayClients(tmux.socket).length === 0, `no stray tmux client: ${JSON.stringify(strayClients(tmux.socket))}`);
    const controlProcs = () => descendants(process.pid).filter((p) => p.argv.includes(tmux.socket) && p.argv.includes('-C'));
    await until(
      () => controlProcs().length === tmux.engineClients().length,
      `control client processes ${JSON.stringify(controlProcs())} vs attached ${JSON.stringify(tmux.engineClients())}`,
    );
    // Nothing the stopped calls would have created is there (docs/reference/engine.md#buffer-names).
    expect(tmux.ourBuffers()).toEqual([]);
    expect(tmux.runOptions()).toEqual([]);
  }

  it('one call after another: each ends with the deadline error (or its own timeout), then the next calls work', async () => {
    expectAnswers(await callsWhileStopped(false));
    await expectRecovered();
  }, 60_000);

  it('all calls at once: each ends with the deadline error (or its own timeout), then the next calls work', async () => {
    expectAnswers(await callsWhileStopped(true));
    await expectRecovered();
  }, 60_000);
});
