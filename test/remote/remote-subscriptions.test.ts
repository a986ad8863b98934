/**
 * Pane content subscriptions on a remote host (docs/reference/resources-and-prompts.md#pane-content-updates):
 * output there is told like here, and a dropped connection ends the watch (logged) instead of
 * leaving it behind. Outcomes only: nothing here measures how long anything took.
 */
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpHarness } from '../helpers/mcp-harness';
import { listenerCounter } from '../helpers/pane-listeners';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, readyPane, remoteConfig, screen, sshdPath, startRemote, until } from './remote-helpers';

describeSsh(`remote pane content subscriptions on the ${process.env.TMUX_MCP_ENGINE ?? 'control'} engine`, () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const counter = listenerCounter();
  const logs: string[] = [];
  const updates: string[] = [];
  let h: McpHarness;
  let host: string;

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd), plugins: [counter.plugin], logs });
    h.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    await sshd?.stop();
  });

  it('output on the host is told with the uri as subscribed; a dropped connection ends the watch, logged', async () => {
    const pane = await readyPane(tmux, 'main');
    const uri = `tmux://panes/${pane.replace('%', '%25')}/content?host=${host}&socket_name=${tmux.socket}`;
    await h.client.subscribeResource({ uri });
    expect(counter.listeners(pane)).toBe(1);
    const had = updates.filter((u) => u === uri).length;
    tmux.tmux('send-keys', '-t', pane, 'echo remote-$((20+1))', 'Enter');
    await until(
      () => screen(tmux, pane),
      (s) => s.includes('remote-21'),
      'the output on the host',
    );
    await until(
      () => updates.filter((u) => u === uri).length,
      (n) => n > had,
      'an update of the remote pane',
    );
    expect(updates.every((u) => u === uri)).toBe(true);

    await sshd.dropConnections();
    await until(
      () => counter.listeners(pane),
      (n) => n === 0,
      'the watch to end with the connection',
    );
    expect(logs.join('')).toContain(`stopped watching pane ${pane}`);
    // The subscription stays, inert, until unsubscribed; subscribing again watches again.
    await h.client.unsubscribeResource({ uri });
    await h.client.subscribeResource({ uri });
    expect(counter.listeners(pane)).toBe(1);
    await h.client.unsubscribeResource({ uri });
    expect(counter.listeners(pane)).toBe(0);
  });
});
