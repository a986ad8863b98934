import { readFileSync } from 'node:fs';
import { MemoryLogger, PrivateTmux, until } from './engine-fixture';
import type { ControlEngine } from '../../src/tmux/control-engine';

/**
 * Quiet panes (docs/reference/engine.md#quiet-panes): while the command client's output is on for
 * a watch, another pane of its session that nobody watches is paused on that client at its first
 * output, so what it prints afterwards never reaches the server nor queues ahead of the client's
 * command replies. Measured where tmux hands it over: the bytes the tmux server writes (it writes
 * a control client's lines to that client's stdout itself), while nothing else talks to it.
 */
describe('a pane nobody watches', () => {
  const t = new PrivateTmux();
  let e: ControlEngine;
  let watched = '';
  let other = '';

  beforeAll(async () => {
    const session = t.newSession('work');
    watched = t.tmux('display-message', '-p', '-t', session, '#{pane_id}');
    other = t.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', session, 'sh');
    e = t.control(new MemoryLogger());
    await e.run(['list-windows', '-t', session]); // the command client attaches to `work`
  });

  afterAll(async () => {
    await e.close();
    t.kill();
  });

  /** Bytes a process has written so far (/proc/PID/io, Linux). */
  const written = (pid: string) => Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
  const shows = (pane: string, text: string) =>
    t
      .tmux('capture-pane', '-p', '-t', pane)
      .split('\n')
      .some((l) => l.trim() === text);
  const roundTrip = async () => expect(await e.run(['display-message', '-p', 'here'])).toEqual(['here']);

  it('prints to the server once, then not until it is watched', async () => {
    const off = e.onPaneEvent(watched, () => undefined);
    try {
      // The watch switched the command client's output on.
      await until(() => !t.tmux('list-clients', '-F', '#{client_flags}').includes('no-output'));
      const serverPid = t.tmux('display-message', '-p', '#{pid}');
      expect(serverPid).toMatch(/^\d+$/);

      // Its first output reaches the engine, which pauses it: once tmux shows the output, a
      // command's reply comes after that output, and a second command after the pause.
      await e.run(['send-keys', '-t', other, 'echo first-$((6*7))', 'Enter']);
      await until(() => shows(other, 'first-42'));
      await roundTrip();
      await roundTrip();

      // ~2 MB printed by a pane nobody watches: none of it comes to the server. The pane's shell
      // says when it is done through tmux, which its tmux client reaches through $TMUX (a poll of
      // its screen would be written by tmux too).
      const before = written(serverPid);
      await e.run(['send-keys', '-t', other, 'seq 1 300000; tmux wait-for -S quiet-done', 'Enter']);
      // Not execFileSync: the engine must go on reading its client meanwhile.
      await t.tmuxAsync('wait-for', 'quiet-done');
      await roundTrip();
      expect(written(serverPid) - before).toBeLessThan(64 * 1024);

      // Tapped (as a run taps its pane), it prints to the server again, every byte.
      let bytes = '';
      const tap = e.tapOutput(other, (d) => (bytes += d ?? '<lost>'));
      try {
        await expect(tap.ready).resolves.toBe(true);
        await e.run(['send-keys', '-t', other, 'echo again-$((6*7))', 'Enter']);
        await until(() => bytes.includes('again-42\r\n'), 3000, 10);
        expect(bytes).not.toContain('<lost>');
      } finally {
        tap.off();
      }
    } finally {
      off();
    }
  }, 60_000);
});
