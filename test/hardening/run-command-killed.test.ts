import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimalEnv, RawServer } from '../helpers/cli-process';
import { until, waitForProcsOnSocket } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { until as poll } from '../helpers/poll';
import { followsInBand } from '../helpers/run-started';

/** Every pane option any run may create (docs/reference/engine.md#run-payload). */
const RUN_OPTION = /^@[kwqsbeapc]_[0-9a-f]{10}/;

/**
 * The server is killed while run_command waits (docs/reference/engine.md#run_command-leftovers):
 * what runs in tmux and in the pane cleans up after itself. Once the command ends, no option of
 * the run, no pipe, no buffer and no waiter is left, and the typed line ran once.
 */
describe('run_command when the server is killed mid-run', () => {
  const tmux = new HardenedTmux();
  beforeAll(() => tmux.start('main'));
  afterAll(() => tmux.cleanup());

  const options = (pane: string) =>
    tmux
      .tmux('show-options', '-p', '-t', pane)
      .split('\n')
      .filter((l) => RUN_OPTION.test(l));

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    '%s: nothing of the run outlives it',
    async (sig) => {
      const hold = `hz-killed-${sig}-${process.pid}`;
      const ran = join(tmux.dir, `ran-${sig}`);
      const pane = tmux.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', tmux.firstPane('main'), '-c', tmux.dir, 'sh').trim();
      await until(() => /[$#] ?$/.test(tmux.tmux('capture-pane', '-p', '-t', pane).trimEnd()), `prompt in ${pane}`);
      const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
      try {
        await s.initialize();
        void s.request('tools/call', {
          name: 'run_command',
          arguments: { pane_id: pane, command: `echo ran >> ${ran}; tmux wait-for ${hold}; seq 1 3`, timeout: 60 },
        });
        // The command started (the claim borrowed the pipe: the pane had none; in band there is no pipe).
        await poll(
          () => {
            try {
              return readFileSync(ran, 'utf8');
            } catch {
              return '';
            }
          },
          (t) => t === 'ran\n',
          'the command started',
        );
        expect(options(pane).some((o) => o.startsWith('@p_'))).toBe(!followsInBand);
        expect(tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}')).toBe(followsInBand ? '0' : '1');

        s.proc.kill(sig);
        await s.exited;
        tmux.tmux('wait-for', '-S', hold);

        // The tail runs in the pane and tmux unsets the rest 15 s later: allow that, and more.
        await poll(
          () => ({ options: options(pane), pipe: tmux.tmux('display-message', '-p', '-t', pane, '#{pane_pipe}') }),
          (v) => v.options.length === 0 && v.pipe === '0',
          'no option of the run and no pipe left',
          1600,
        );
        await until(() => waitForProcsOnSocket(tmux.socket).length === 0, 'no wait-for process of the server left');
        expect(tmux.ourBuffers()).toEqual([]);
        // The shell is back at its prompt and the typed line ran once.
        await until(() => /^3\n.*[$#] ?$/m.test(tmux.tmux('capture-pane', '-p', '-t', pane).trimEnd()), 'the command ended');
        expect(readFileSync(ran, 'utf8')).toBe('ran\n');
      } finally {
        if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
        tmux.tmux('wait-for', '-S', hold);
        tmux.tmux('kill-pane', '-t', pane);
      }
      // tmux's own cleanup comes 15 s after the tail: more than the default test timeout leaves.
    },
    60_000,
  );
});
