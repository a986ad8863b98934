/**
 * Waiting for input on a remote host is read on that host, in its tmux server's context
 * (docs/reference/engine.md#waiting-for-input): the "remote" tmux server runs in a PID namespace
 * of its own (test/remote/pidns-remote.fixture.ts), so its pane pids name other processes in this
 * machine's /proc, or none, and a look here could not answer. snapshot_pane and the probe must
 * still say that `cat` waits and `sleep` does not, and name a program inside run_command's
 * wrapper; nothing of the probe is left in tmux.
 */
import { gatherLocal } from '../../src/services/input-probe.local';
import { InputProbe, UNKNOWN_INPUT } from '../../src/services/input-probe.service';
import { TmuxServerPool } from '../../src/services/tmux-server-pool.service';
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { PidNamespaceTmux, unshareFlags } from './pidns-remote.fixture';
import { describeSsh, remoteConfig, sshdPath, until } from './remote-helpers';

const flags = sshdPath ? unshareFlags() : null;
if (sshdPath && !flags) console.warn('unshare cannot make a PID namespace here: skipping the remote input probe test');
const describeNs = flags ? describeSsh : describe.skip;

describeNs('F2 remote: waiting for input is read on the host (docs/reference/engine.md#waiting-for-input)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const ns = new PidNamespaceTmux(flags ?? []);
  let h: McpHarness;
  let host: string;

  beforeAll(async () => {
    await sshd.start();
    host = sshd.host;
    await ns.start();
    h = await McpHarness.start({ socket: 'tmux-mcp-pidns', config: remoteConfig(sshd, { remoteTmuxBin: ns.bin }) });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await ns.stop();
    await sshd.stop();
  }, 60_000);

  const window = (command: string) => ns.tmux('new-window', '-d', '-t', 'main:', '-P', '-F', '#{pane_id}', command);
  const current = (pane: string) => ns.tmux('display-message', '-p', '-t', pane, '#{pane_current_command}');
  const snap = async (pane: string) =>
    (await h.ok<{ waiting_for_input: boolean | null; pane_pid: number }>('snapshot_pane', { pane_id: pane, host })).waiting_for_input;
  const probePanes = (panes: string[]) =>
    h.app.container.resolve(InputProbe).probePanes(h.app.container.resolve(TmuxServerPool).engine(null, host), panes);

  it('the remote server is in a PID namespace: this machine does not show its panes', async () => {
    expect(ns.pid()).toBe(1);
    const pane = window('exec cat');
    const [pid, tty] = ns.tmux('display-message', '-p', '-t', pane, '#{pane_pid} #{pane_tty}').split(' ');
    expect(await gatherLocal({ paneId: pane, panePid: Number(pid), paneTty: tty })).toBeNull();
  });

  it('snapshot_pane and the probe: cat waits, sleep does not', async () => {
    const cat = window('exec cat');
    const sleeper = window('exec sleep 300');
    await until(
      () => [current(cat), current(sleeper)].join(' '),
      (s) => s === 'cat sleep',
      'cat and sleep run',
    );
    expect(
      await until(
        () => snap(cat),
        (v) => v === true,
        'cat reads',
      ),
    ).toBe(true);
    expect(await snap(sleeper)).toBe(false);
    const states = await probePanes([cat, sleeper, '%999999']);
    expect(states.get(cat)).toEqual({ waiting: true, shellForeground: true, program: 'cat' });
    expect(states.get(sleeper)).toEqual({ waiting: false, shellForeground: true, program: 'sleep' });
    expect(states.get('%999999')).toEqual(UNKNOWN_INPUT);
    expect(ns.tmux('show-options', '-g')).not.toContain('@tmux_mcp_probe');
  });

  it("a shell at its prompt, and less inside run_command's wrapper, named as a person would see it", async () => {
    const pane = window("exec env PS1='$ ' bash --norc --noprofile");
    await until(
      () => ns.tmux('capture-pane', '-p', '-t', pane).trimEnd(),
      (s) => s.endsWith('$'),
      'the prompt',
    );
    const prompt = await until(
      () => probePanes([pane]),
      (m) => m.get(pane)?.waiting === true,
      'the prompt reads',
    );
    expect(prompt.get(pane)).toEqual({ waiting: true, shellForeground: true, program: 'bash' });
    ns.tmux('send-keys', '-t', pane, '-l', '(trap : INT; ( less /etc/passwd');
    ns.tmux('send-keys', '-t', pane, 'Enter');
    ns.tmux('send-keys', '-t', pane, '-l', '))');
    ns.tmux('send-keys', '-t', pane, 'Enter');
    await until(
      () => ns.tmux('display-message', '-p', '-t', pane, '#{alternate_on}'),
      (v) => v === '1',
      'less on the alternate screen',
    );
    const less = await until(
      () => probePanes([pane]),
      (m) => m.get(pane)?.program === 'less',
      'less in the wrapper',
    );
    expect(less.get(pane)).toEqual({ waiting: true, shellForeground: false, program: 'less' });
    expect(current(pane)).toBe('bash');
    expect(await snap(pane)).toBe(true);
    ns.tmux('send-keys', '-t', pane, 'q');
  });
});
