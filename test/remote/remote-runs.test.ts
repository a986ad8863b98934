/**
 * Runs on a remote host (docs/reference/tools.md#runs): followed through the host's connection
 * after the call returned, seen waiting for input there (the look runs on the host,
 * docs/reference/engine.md#waiting-for-input), listed with their host.
 */
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, readyPane, remoteConfig, sshdPath, startRemote } from './remote-helpers';

interface RunResult {
  run_id: string;
  state: string;
  exit_status: number | null;
  timed_out: boolean;
  output: string[];
  prompt: string | null;
}

describeSsh('runs on a remote host', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let host: string;

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd) });
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    await sshd?.stop();
  });

  it('a run that outlives its call is followed through the connection: wait_for_run gives its status and output', async () => {
    const pane = await readyPane(tmux, 'main');
    const gate = `remote_runs_${process.pid}`;
    const first = await h.ok<RunResult>('run_command', {
      host,
      pane_id: pane,
      command: `echo early; tmux wait-for ${gate}; echo late; exit 7`,
      timeout: 0.5,
    });
    expect(first).toMatchObject({ state: 'running', timed_out: true, output: ['early'] });
    await tmux.tmuxAsync('wait-for', '-S', gate);
    expect(await h.ok<RunResult>('wait_for_run', { run_id: first.run_id, timeout: 20 })).toMatchObject({
      state: 'finished',
      exit_status: 7,
      output: ['early', 'late'],
    });
    const list = JSON.parse(((await h.client.readResource({ uri: 'tmux://runs' })).contents[0] as { text: string }).text) as {
      run_id: string;
      host: string | null;
      socket_name: string | null;
    }[];
    expect(list.find((r) => r.run_id === first.run_id)).toMatchObject({ host, socket_name: tmux.socket });
  });

  it('a question on the remote host returns waiting_for_input; the answer through send_keys, then wait_for_run', async () => {
    const pane = await readyPane(tmux, 'main');
    const r = await h.ok<RunResult>('run_command', { host, pane_id: pane, command: 'read -p "Proceed? " a; echo "got $a"', timeout: 15 });
    expect(r).toMatchObject({ state: 'waiting_for_input', timed_out: false, prompt: 'Proceed?' });
    await h.ok('send_keys', { host, pane_id: pane, keys: 'sure' });
    expect(await h.ok<RunResult>('wait_for_run', { run_id: r.run_id, timeout: 15 })).toMatchObject({
      state: 'finished',
      exit_status: 0,
      output: ['Proceed? sure', 'got sure'],
    });
  });
});
