import { callWithProgress, expectClearError, expectOkOrClearError } from '../helpers/hardening-calls';
import { hasSocket, isAlive, until, waitForChildren } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';
import { followsInBand, runStarted } from '../helpers/run-started';

/**
 * Faults (hardening issue): the tmux server dies between calls, during calls and during the
 * three blocking waits; the engine's control client is dropped by tmux. Every call ends with a
 * clear expected error or a correct answer (never a hang, never a crash), and the next call
 * works once a server exists again.
 */
const control = process.env.TMUX_MCP_ENGINE !== 'exec';
type Kill = 'kill-server' | 'SIGKILL';

describe('faults: the tmux server goes away', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'mutating' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  let dead = 0;
  function killServer(how: Kill): void {
    dead = tmux.serverPid();
    if (how === 'SIGKILL') process.kill(dead, 'SIGKILL');
    else tmux.tmux('kill-server');
  }

  /** After a fault: a new server on the same socket, and ordinary calls work again. */
  async function expectRecovery(): Promise<void> {
    // The old process must be gone, not just silent: an exiting server still accepts and drops clients.
    await until(() => !isAlive(dead), 'old server gone');
    tmux.session('again');
    const pane = tmux.firstPane('again');
    tmux.tmux('send-keys', '-t', pane, 'echo back-""HZ', 'Enter');
    const sessions = await h.ok<{ result: { session_name: string }[] }>('list_sessions');
    expect(sessions.result.map((s) => s.session_name)).toEqual(['again']);
    await until(
      async () => (await h.ok<{ result: string }>('capture_pane', { pane_id: pane })).result.includes('back-HZ'),
      'capture after recovery',
    );
    expect((await h.ok<{ result: string }>('display_message', { format_string: 'ok-#{pane_id}', pane_id: pane })).result).toBe(
      `ok-${pane}`,
    );
    killServer('kill-server');
    await until(() => !isAlive(dead), 'recovery server gone');
    tmux.session('main');
  }

  it.each<Kill>(['kill-server', 'SIGKILL'])(
    'between calls (%s): list tools answer [], targeted tools a clear error, then recovery',
    async (how) => {
      const pane = tmux.firstPane('main');
      expect((await h.ok<{ result: unknown[] }>('list_panes')).result.length).toBeGreaterThan(0);
      killServer(how);
      await until(() => !isAlive(dead), 'server gone');
      // docs/reference/tools.md#no-server-running: untargeted listings of a missing server are empty, not errors.
      expect(await h.ok('list_sessions')).toEqual({ result: [] });
      expect(await h.ok('list_panes')).toEqual({ result: [] });
      for (const [name, args] of [
        ['capture_pane', { pane_id: pane }],
        ['snapshot_pane', {}],
        ['get_pane_info', { pane_id: pane }],
        ['send_keys', { pane_id: pane, keys: 'x' }],
        ['show_buffer', { buffer_name: `tmux_mcp_${'0'.repeat(32)}_x` }],
        ['list_windows', { session_name: 'main' }],
      ] as const) {
        expectClearError(await h.call(name, args), `${name} after ${how}`);
      }
      const info = await h.ok<{ is_alive: boolean; session_count: number }>('get_server_info');
      expect(info).toMatchObject({ is_alive: false, session_count: 0 });
      await expectRecovery();
    },
  );

  it.each<Kill>(['kill-server', 'SIGKILL'])(
    'during 200 concurrent calls (%s): each answers or fails clearly, then recovery',
    async (how) => {
      const pane = tmux.firstPane('main');
      const calls = Array.from({ length: 200 }, (_, i) => {
        const kind = i % 4;
        if (kind === 0) return h.call('display_message', { format_string: `n${i}`, pane_id: pane });
        if (kind === 1) return h.call('capture_pane', { pane_id: pane });
        if (kind === 2) return h.call('snapshot_pane', { pane_id: pane });
        return h.call('list_windows', {});
      });
      await calls[4];
      killServer(how);
      const results = await Promise.all(calls);
      results.forEach((r, i) => {
        expectOkOrClearError(r, `call ${i}`);
        if (!r.isError && i % 4 === 0) expect(r.structuredContent).toEqual({ result: `n${i}` });
      });
      await expectRecovery();
    },
  );

  it.each<Kill>(['kill-server', 'SIGKILL'])('during wait_for_text (%s): a clear error, not a timeout', async (how) => {
    const pane = tmux.firstPane('main');
    const w = callWithProgress(h, 'wait_for_text', { pane_id: pane, patterns: ['NEVER-PRINTED-HZ'], timeout: 25 });
    await w.started;
    killServer(how);
    expectClearError(await w.result, 'wait_for_text');
    await expectRecovery();
  });

  it.each<Kill>(['kill-server', 'SIGKILL'])('during run_command (%s): a clear error, no wait-for child left', async (how) => {
    const pane = tmux.firstPane('main');
    const r = callWithProgress(h, 'run_command', { pane_id: pane, command: 'cat', timeout: 25 });
    await r.started;
    await until(
      () =>
        followsInBand
          ? runStarted(tmux.tmux('show-options', '-p', '-t', pane))
          : waitForChildren(process.pid, tmux.socket).some((p) => hasSocket(p.pid)),
      'run_command waiting',
    );
    killServer(how);
    expectClearError(await r.result, 'run_command');
    await until(() => waitForChildren(process.pid, tmux.socket).length === 0, 'no wait-for children');
    await expectRecovery();
  });

  it.each<Kill>(['kill-server', 'SIGKILL'])('during wait_for_channel (%s): a clear error, no wait-for child left', async (how) => {
    const w = callWithProgress(h, 'wait_for_channel', { channel: `hz-fault-${how}`, timeout: 25 });
    await w.started;
    await until(() => waitForChildren(process.pid, tmux.socket).some((p) => hasSocket(p.pid)), 'wait_for_channel waiting');
    killServer(how);
    const text = expectClearError(await w.result, 'wait_for_channel');
    expect(text).toMatch(/^wait-for (failed for|returned for) channel 'hz-fault-/);
    await until(() => waitForChildren(process.pid, tmux.socket).length === 0, 'no wait-for children');
    await expectRecovery();
  });

  it('the server keeps serving the protocol after all of the above', async () => {
    const { tools } = await h.client.listTools();
    expect(tools.length).toBeGreaterThan(40);
  });
});

describe('faults: tmux drops the engine client (detach-client)', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'mutating' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  function detachEngineClients(): number {
    const clients = tmux.engineClients();
    for (const c of clients) {
      try {
        tmux.tmux('detach-client', '-t', c);
      } catch {
        // already gone
      }
    }
    return clients.length;
  }

  it('between calls: the next call works and the engine re-attaches', async () => {
    const pane = tmux.firstPane('main');
    expect((await h.ok<{ result: string }>('display_message', { format_string: 'a', pane_id: pane })).result).toBe('a');
    const dropped = detachEngineClients();
    if (control) expect(dropped).toBeGreaterThan(0);
    await until(() => tmux.engineClients().length === 0, 'engine clients gone');
    expect((await h.ok<{ result: string }>('display_message', { format_string: 'b', pane_id: pane })).result).toBe('b');
    expect((await h.ok<{ result: unknown[] }>('list_panes')).result.length).toBeGreaterThan(0);
    if (control) await until(async () => (await h.call('list_sessions'), tmux.engineClients().length > 0), 'engine re-attached');
    // Engine clients are never reported (docs/reference/engine.md#invisibility).
    const [s] = (await h.ok<{ result: { session_attached: number }[] }>('list_sessions')).result;
    expect(s.session_attached).toBe(0);
  });

  it('during 100 concurrent calls: each answers or fails clearly, then the next call works', async () => {
    const pane = tmux.firstPane('main');
    await h.ok('list_panes');
    const calls = Array.from({ length: 100 }, (_, i) => h.call('display_message', { format_string: `d${i}`, pane_id: pane }));
    await calls[0];
    detachEngineClients();
    const results = await Promise.all(calls);
    results.forEach((r, i) => {
      expectOkOrClearError(r, `call ${i}`);
      if (!r.isError) expect(r.structuredContent).toEqual({ result: `d${i}` });
    });
    expect((await h.ok<{ result: string }>('display_message', { format_string: 'after', pane_id: pane })).result).toBe('after');
  });

  it('during wait_for_text: the wait matches or fails clearly; the next call works', async () => {
    const pane = tmux.firstPane('main');
    const w = callWithProgress(h, 'wait_for_text', { pane_id: pane, patterns: ['HZ-AFTER-DETACH'], timeout: 20 });
    await w.started;
    detachEngineClients();
    tmux.tmux('send-keys', '-t', pane, 'echo HZ-AFTER-""DETACH', 'Enter');
    const r = await w.result;
    if (r.isError) expectClearError(r, 'wait_for_text after detach');
    else expect(r.structuredContent).toMatchObject({ found: true, outcome: 'matched' });
    expect((await h.ok<{ result: string }>('display_message', { format_string: 'next', pane_id: pane })).result).toBe('next');
  });
});
