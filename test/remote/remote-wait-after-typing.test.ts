/**
 * What this server typed is never stale, on a remote host too (docs/reference/tools.md#wait_for_text,
 * docs/reference/engine.md#screen-snapshots): the look at the pane travels in the same tmux command
 * list as the keys, over the host's ssh connection.
 */
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, readyPane, remoteConfig, sshdPath, startRemote } from './remote-helpers';

describeSsh('wait_for_text after typing through host', () => {
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

  it('send_keys and paste_text, then wait_for_text: the output matches however fast it came', async () => {
    const pane = await readyPane(tmux, 'main');
    for (let n = 1; n <= 10; n++) {
      await h.ok('send_keys', { host, pane_id: pane, keys: `echo rkeys-${n}-$((6*7))` });
      expect(await h.ok('wait_for_text', { host, pane_id: pane, patterns: [`rkeys-${n}-42`], timeout: 5 })).toMatchObject({
        found: true,
        matched_lines: [`rkeys-${n}-42`],
        matched_at_entry: false,
      });
      await h.ok('paste_text', { host, pane_id: pane, text: `echo rpaste-${n}-$((6*7))\n`, bracket: false });
      expect(await h.ok('wait_for_text', { host, pane_id: pane, patterns: [`rpaste-${n}-42`], timeout: 5 })).toMatchObject({
        found: true,
        matched_lines: [`rpaste-${n}-42`],
        matched_at_entry: false,
      });
    }
    // 40 calls in turn over ssh; on the subprocess engine each of their tmux commands is an ssh
    // process: past 30 s once beside two busy loops (Node 24).
  }, 120_000);
});
