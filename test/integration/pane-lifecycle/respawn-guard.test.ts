import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { until } from '../../helpers/poll';

/**
 * respawn_pane never takes the user's tmux server down (docs/reference/engine.md#respawn-guard).
 * tmux before 3.6b crashes when a pane is respawned while a control client has not been sent all
 * of its output, and the new process then prints less than that (tmux issue 5499): here a pane
 * floods while this server watches it (its output comes to the command client, or to an event
 * client for a pane of another session), and each respawn starts a process that prints one byte
 * before it floods again. Fails on a build without the guard at the first respawn.
 */
const FLOOD = `sh -c 'printf x; sleep 0.05; while :; do printf "%0720d\\n" 0; done'`;

describe('respawn_pane of a pane whose output this server reads', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let serverPid: string;
  beforeAll(async () => {
    tmux.start('main');
    serverPid = tmux.tmux('display-message', '-p', '#{pid}');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' } });
    // The first call attaches the command client to the only session there is.
    await h.ok('list_panes', { session_name: 'main' });
    tmux.tmux('new-session', '-d', '-s', 'other', '-x', '80', '-y', '24', 'sh');
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it.each([
    ['a session the command client is attached to', 'main'],
    ['another session (an event client)', 'other'],
  ])('in %s: tmux and the pane live on through every respawn', async (_what, session) => {
    const pane = tmux.tmux('new-window', '-d', '-t', `${session}:`, '-P', '-F', '#{pane_id}', FLOOD);
    // A wait makes the server read the pane's output (and keeps reading it for a while after).
    await h.call('wait_for_text', { pane_id: pane, patterns: ['never-printed'], timeout: 0.3 });
    for (let i = 0; i < 10; i++) {
      const r = await h.ok<{ pane_id: string }>('respawn_pane', { pane_id: pane, kill: true, shell: FLOOD });
      expect(r.pane_id).toBe(pane);
      // Once the new process has printed, a crashed server no longer answers (capture throws).
      await until(
        () => tmux.tmux('capture-pane', '-p', '-t', pane),
        (s) => /x|0{80}/.test(s),
        'the new process printed',
      );
      expect(tmux.tmux('display-message', '-p', '#{pid}')).toBe(serverPid);
    }
    // A flood left running loads the machine for the next case; while watched, it also keeps the
    // command client's replies up to a second behind its output (docs/reference/engine.md#quiet-panes).
    // Not in a `finally`: after a failure (tmux gone) it would throw and hide the failure's own message.
    tmux.tmux('kill-window', '-t', pane);
  });
});
