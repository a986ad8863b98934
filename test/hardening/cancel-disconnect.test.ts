import { callWithProgress } from '../helpers/hardening-calls';
import { hasSocket, until, waitForChildren } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';
import { until as poll } from '../helpers/poll';
import { followsInBand, runStarted } from '../helpers/run-started';

/**
 * The MCP client cancels a call or disconnects mid-call: once things settle there is no
 * orphaned `tmux … wait-for …` child of this (in-process server) process, no `tmux_mcp_`
 * buffer and no run_command `@s_` pane option left (docs/reference/engine.md#buffer-cleanup,
 * docs/reference/engine.md#run_command-leftovers). Settling is observed by bounded polling of
 * /proc and tmux, never by sleeping.
 */
describe('cancel and disconnect leave nothing behind', () => {
  const tmux = new HardenedTmux();
  let n = 0;
  const uniq = (p: string) => `${p}-${process.pid}-${++n}`;

  beforeAll(() => tmux.start('main'));
  afterAll(() => tmux.cleanup());

  const ourWaiters = () => waitForChildren(process.pid, tmux.socket);
  const started = (pane: string) => runStarted(tmux.tmux('show-options', '-p', '-t', pane));

  async function settled(): Promise<void> {
    await until(() => ourWaiters().length === 0, 'no wait-for children');
    await until(() => tmux.runOptions().length === 0, 'no @s_ pane options');
    await until(() => tmux.ourBuffers().length === 0, 'no tmux_mcp_ buffers');
  }

  /** A pane of its own (concurrent run_commands would type into each other). */
  function newPane(): string {
    return tmux.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', tmux.firstPane('main'), '-c', tmux.dir, 'sh').trim();
  }

  /**
   * A pane whose shell already waits at its prompt: a run that must time out (not fail to start,
   * docs/reference/tools.md#run_command) gets a shell that reads its line at once, whatever the load.
   */
  async function promptPane(): Promise<string> {
    const pane = newPane();
    await until(() => /[$#] ?$/.test(tmux.tmux('capture-pane', '-p', '-t', pane).trimEnd()), `prompt in ${pane}`);
    return pane;
  }

  async function cancelled(p: Promise<unknown>): Promise<void> {
    await expect(p).rejects.toThrow();
  }

  it('cancelling run_command: its waiter is killed, the reaper cleans up once the command ends', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    try {
      const pane = newPane();
      const hold = uniq('hz-hold');
      const ctl = new AbortController();
      const r = callWithProgress(h, 'run_command', { pane_id: pane, command: `tmux wait-for ${hold}`, timeout: 25 }, ctl.signal);
      await r.started;
      await until(() => (followsInBand ? started(pane) : ourWaiters().some((p) => hasSocket(p.pid))), 'run_command waiting');
      ctl.abort();
      await cancelled(r.result);
      // The command is still running in its shell: release it, then everything must settle.
      tmux.tmux('wait-for', '-S', hold);
      await settled();
      tmux.tmux('kill-pane', '-t', pane);
    } finally {
      await h.close();
    }
  });

  it('cancelling wait_for_channel and wait_for_text kills their children', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    try {
      const pane = tmux.firstPane('main');
      const ch = new AbortController();
      const wc = callWithProgress(h, 'wait_for_channel', { channel: uniq('hz-never'), timeout: 25 }, ch.signal);
      const wt = new AbortController();
      const ww = callWithProgress(h, 'wait_for_text', { pane_id: pane, patterns: ['HZ-NEVER-SHOWN'], timeout: 25 }, wt.signal);
      await Promise.all([wc.started, ww.started]);
      await until(() => ourWaiters().some((p) => hasSocket(p.pid)), 'wait_for_channel waiting');
      ch.abort();
      wt.abort();
      await Promise.all([cancelled(wc.result), cancelled(ww.result)]);
      await settled();
      // The server still answers on the same connection.
      expect((await h.ok<{ result: string }>('display_message', { format_string: 'alive', pane_id: pane })).result).toBe('alive');
    } finally {
      await h.close();
    }
  });

  it('cancelling paste_text and load_buffer at any point leaves no buffer', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    try {
      const pane = newPane();
      const calls: Promise<unknown>[] = [];
      // Abort at different moments: before sending, after a tick, after a few ticks.
      for (let i = 0; i < 30; i++) {
        const ctl = new AbortController();
        const tool = i % 2 ? 'paste_text' : 'load_buffer';
        const args =
          tool === 'paste_text' ? { pane_id: pane, text: `: hz ${i}`, bracket: false } : { content: `hz ${i}`, logical_name: 'hz' };
        const p = h.call(tool, args, { signal: ctl.signal });
        calls.push(p.catch(() => undefined));
        const ticks = i % 5;
        void (async () => {
          for (let t = 0; t < ticks; t++) await new Promise((r) => setImmediate(r));
          ctl.abort();
        })();
      }
      await Promise.all(calls);
      // Buffers of load_buffer calls that completed belong to the agent until shutdown
      // (docs/reference/engine.md#buffer-cleanup); closing the server deletes them, and nothing
      // else of ours may remain.
      await h.close();
      await settled();
      tmux.tmux('kill-pane', '-t', pane);
    } finally {
      await h.close();
    }
  });

  it('a client that disconnects mid-call: waits end, the reaper finishes, shutdown leaves nothing', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    const pane = newPane();
    const pane2 = newPane();
    const hold = uniq('hz-hold');
    const run = callWithProgress(h, 'run_command', { pane_id: pane, command: `tmux wait-for ${hold}`, timeout: 25 });
    const wc = callWithProgress(h, 'wait_for_channel', { channel: uniq('hz-never'), timeout: 25 });
    const wt = callWithProgress(h, 'wait_for_text', { pane_id: pane2, patterns: ['HZ-NEVER-SHOWN'], timeout: 25 });
    const paste = h.call('paste_text', { pane_id: pane2, text: ': hz paste', bracket: false });
    await Promise.all([run.started, wc.started, wt.started]);
    // In band the run holds no wait-for child: its command started instead.
    await until(
      () => ourWaiters().filter((p) => hasSocket(p.pid)).length >= (followsInBand ? 1 : 2) && (!followsInBand || started(pane)),
      'both waits waiting',
    );
    await h.client.close();
    // The client side sees its requests fail; the server side aborts their handlers.
    for (const p of [run.result, wc.result, wt.result, paste]) await p.catch(() => undefined);
    await until(() => !ourWaiters().some((p) => p.argv.some((a) => a.startsWith('hz-never'))), 'wait_for_channel child gone');
    tmux.tmux('wait-for', '-S', hold);
    await settled();
    await h.close();
    await settled();
    tmux.tmux('kill-pane', '-t', pane);
    tmux.tmux('kill-pane', '-t', pane2);
  });

  it('shutdown with a timed-out run_command still running: its waiter is killed and its option unset', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    const pane = await promptPane();
    const hold = uniq('hz-hold');
    try {
      // The timeout leaves the started command its time to be seen starting on a busy machine.
      const r = await h.ok<{ timed_out: boolean }>('run_command', { pane_id: pane, command: `tmux wait-for ${hold}`, timeout: 2 });
      expect(r.timed_out).toBe(true);
      // The reaper watches the still-running command in a wait-for child of ours, or in band.
      await until(() => (followsInBand ? started(pane) : ourWaiters().length > 0), 'reaper waiting');
      await h.close();
      await until(() => ourWaiters().length === 0, 'reaper waiter killed at shutdown');
      expect(tmux.runOptions()).toEqual([]);
    } finally {
      tmux.tmux('wait-for', '-S', hold);
      await h.close();
      tmux.tmux('kill-pane', '-t', pane);
    }
  });

  // docs/reference/engine.md#run_command-leftovers: a command still running at shutdown stores its
  // status when it ends, after the server is gone; its tail has tmux unset every option of the run
  // 15 s later, and the pipe the run borrowed closes itself.
  it('a command ending after shutdown leaves no option of the run and no pipe behind (docs/reference/engine.md#run_command-leftovers)', async () => {
    const h = await McpHarness.start({ socket: tmux.socket });
    const pane = await promptPane();
    const hold = uniq('hz-hold');
    const runOptions = () =>
      tmux
        .tmux('show-options', '-p', '-t', pane)
        .split('\n')
        .filter((l) => /^@[kwqsbeapc]_[0-9a-f]{10}/.test(l));
    try {
      const r = await h.ok<{ timed_out: boolean }>('run_command', { pane_id: pane, command: `tmux wait-for ${hold}`, timeout: 2 });
      expect(r.timed_out).toBe(true);
      await h.close();
      // The command still runs: its tail's option is there.
      expect(runOptions().some((o) => o.startsWith('@q_'))).toBe(true);
      tmux.tmux('wait-for', '-S', hold);
      // The run's real end: the tail ran and tmux's own delayed cleanup fired (15 s after it).
      await poll(
        () => ({ options: runOptions(), pipe: tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}') }),
        (v) => v.options.length === 0 && v.pipe === '0',
        'no option of the run and no pipe left',
        1600,
      );
      expect(tmux.runOptions()).toEqual([]);
    } finally {
      for (const o of tmux.runOptions()) tmux.tmux('set-option', '-p', '-u', '-t', o.split(' ')[0], o.split(' ')[1]);
      tmux.tmux('kill-pane', '-t', pane);
    }
    // tmux's own cleanup comes 15 s after the tail: more than the default test timeout leaves.
  }, 60_000);
});
