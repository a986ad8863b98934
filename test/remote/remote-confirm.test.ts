/**
 * Confirmation of calls to a remote host (docs/reference/safety.md#confirmation): the question
 * names the host, and what it describes is read from the remote server over the fixture's sshd.
 */
import { Person } from '../helpers/elicitation';
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, remoteConfig, sshdPath, startRemote } from './remote-helpers';

describeSsh('TMUX_MCP_CONFIRM=destructive through host', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const person = new Person();
  let h: McpHarness;
  let host: string;

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    h = await McpHarness.start({
      socket: tmux.socket,
      config: remoteConfig(sshd, { safety: 'destructive', confirm: 'destructive' }),
      ...person.options(),
    });
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    await sshd?.stop();
  });

  it("kill_session asks with the host's name and the remote session's windows and panes; only accept kills it", async () => {
    tmux.tmux('new-session', '-d', '-s', 'lab-build', '-x', '80', '-y', '24', 'exec sleep 3002');
    tmux.tmux('new-window', '-t', 'lab-build', 'sh');
    person.answer = 'decline';
    const r = await h.err('kill_session', { host, session_name: 'lab-build' });
    const what = `Kill session 'lab-build' on host '${host}': 2 windows, 2 panes (running: sleep)`;
    expect(r.text).toBe(`The user declined: ${what}`);
    expect(person.questions).toEqual([`${what}?`]);
    expect(tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n')).toContain('lab-build');
    person.answer = 'accept';
    await h.ok('kill_session', { host, session_name: 'lab-build' });
    expect(tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n')).not.toContain('lab-build');
  });

  it('kill_pane names the pane on the host', async () => {
    const pane = tmux.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'main', 'exec sleep 3003');
    person.answer = 'decline';
    const r = await h.err('kill_pane', { host, pane_id: pane });
    expect(r.text).toMatch(
      new RegExp(`^The user declined: Kill pane ${pane} \\(session 'main', window \\d+ '[^']*', host '${host}', running: sleep\\)$`),
    );
    person.answer = 'accept';
    await h.ok('kill_pane', { host, pane_id: pane });
  });
});
