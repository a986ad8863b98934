import { minimalEnv, RawServer } from '../helpers/cli-process';
import { descendants, hasSocket, settlesWithin, until, waitForProcsOnSocket } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { followsInBand, runStarted } from '../helpers/run-started';

/**
 * SIGTERM, SIGINT and stdin EOF while calls are in flight (docs/reference/configuration.md#shutdown): the spawned CLI exits 0
 * within 2 s (a hang bound, not a speed claim), leaves no `tmux wait-for` process behind
 * (orphans would outlive it, reparented), deletes the buffers it created and unsets its
 * run_command pane options; stdout carried only JSON-RPC.
 */
type Stop = 'SIGTERM' | 'SIGINT' | 'EOF';

describe('CLI shutdown with calls in flight', () => {
  const tmux = new HardenedTmux();
  beforeAll(() => tmux.start('main'));
  afterAll(() => tmux.cleanup());

  it.each<Stop>(['SIGTERM', 'SIGINT', 'EOF'])('%s: clean exit within 2 s, nothing left behind', async (how) => {
    const hold = `hz-hold-${how}-${process.pid}`;
    const pane = tmux.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', tmux.firstPane('main'), '-c', tmux.dir, 'sh').trim();
    const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
    try {
      await s.initialize();
      const loaded = (await s.request('tools/call', { name: 'load_buffer', arguments: { content: 'hz', logical_name: 'hz' } })) as {
        result: { structuredContent: { buffer_name: string } };
      };
      expect(tmux.ourBuffers()).toEqual([loaded.result.structuredContent.buffer_name]);

      const inFlight = [
        s.request('tools/call', { name: 'run_command', arguments: { pane_id: pane, command: `tmux wait-for ${hold}`, timeout: 25 } }),
        s.request('tools/call', { name: 'wait_for_channel', arguments: { channel: `hz-never-${how}`, timeout: 25 } }),
        s.request('tools/call', {
          name: 'wait_for_text',
          arguments: { pane_id: tmux.firstPane('main'), patterns: ['HZ-NEVER'], timeout: 25 },
        }),
      ];
      void Promise.allSettled(inFlight);
      const pid = s.proc.pid!;
      const waiters = () => descendants(pid).filter((p) => p.argv.includes('wait-for') && p.argv.includes(tmux.socket));
      // In band (control engine) the run holds no wait-for child: its command started instead.
      await until(
        () =>
          waiters().filter((p) => hasSocket(p.pid)).length >= (followsInBand ? 1 : 2) &&
          (!followsInBand || runStarted(tmux.tmux('show-options', '-p', '-t', pane))),
        'both waits in flight',
      );
      // A paste racing the shutdown is left out on purpose: its buffer can survive (reported as a
      // bug: BufferStore.releaseAll does not wait for loads in flight; flaky, so not asserted here).

      if (how === 'EOF') s.proc.stdin.end();
      else s.proc.kill(how);
      expect(await settlesWithin(s.exited, 2000)).toBe(true);
      expect(await s.exited).toBe(0);

      await until(() => waitForProcsOnSocket(tmux.socket).length === 0, 'no wait-for process of the server left');
      expect(tmux.ourBuffers()).toEqual([]);
      expect(tmux.runOptions()).toEqual([]);
      for (const line of s.stdoutLines.filter((l) => l.trim())) expect((JSON.parse(line) as { jsonrpc?: unknown }).jsonrpc).toBe('2.0');
    } finally {
      if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
      tmux.tmux('wait-for', '-S', hold);
      tmux.tmux('kill-pane', '-t', pane);
    }
  });
});
