import { CallResult, McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { newPane, screen, type, until } from './reading-helpers';

interface Wait {
  found: boolean;
  outcome: string;
  matched_lines: string[];
  matched_at_entry: boolean;
}

/**
 * What this server typed is never stale (docs/reference/tools.md#wait_for_text): the first
 * wait_for_text after send_keys, send_keys_batch, paste_text or paste_buffer counts the rows written
 * since that typing began, however fast the output came; rows on screen before it stay stale, and
 * later waits count from their own entry. Markers are computed by the shell (`$((6*7))`), so only
 * the command's output can match, never the typed line.
 */
describe('wait_for_text after this server typed', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let seq = 0;

  beforeAll(async () => {
    tmux.start('typed');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  const ok = (r: CallResult): Wait => {
    if (r.isError) throw new Error(r.content[0]?.text);
    return r.structuredContent as unknown as Wait;
  };
  const waitFor = async (pane: string, pattern: string, timeout = 5, armed?: () => void): Promise<Wait> => {
    let first = true;
    return ok(
      await h.call(
        'wait_for_text',
        { pane_id: pane, patterns: [pattern], timeout },
        {
          onprogress: () => {
            if (first) armed?.();
            first = false;
          },
        },
      ),
    );
  };
  const matched = (w: Wait, line: string) =>
    expect(w).toMatchObject({ found: true, outcome: 'matched', matched_lines: [line], matched_at_entry: false });
  const stale = (w: Wait) => expect(w).toMatchObject({ found: false, outcome: 'timeout', matched_at_entry: true });
  /** Until the marker and a prompt after it are on screen: the command ran to its end. */
  const printed = (pane: string, line: string) =>
    until(`'${line}' and a prompt in ${pane}`, async () => {
      const rows = (await screen(tmux, pane)).split('\n');
      const at = rows.lastIndexOf(line);
      return at >= 0 && rows.slice(at + 1).some((l) => l.startsWith('$'));
    });

  it('send_keys then wait_for_text matches the output however fast it came (30 times in a row)', async () => {
    const pane = await newPane(tmux, 'typed');
    for (let i = 0; i < 30; i++) {
      const n = ++seq;
      await h.ok('send_keys', { pane_id: pane, keys: `echo instant-${n}-$((6*7))` });
      matched(await waitFor(pane, `instant-${n}-42`), `instant-${n}-42`);
    }
  });

  it('send_keys_batch, paste_text and paste_buffer count the same way', async () => {
    const pane = await newPane(tmux, 'typed');
    for (let i = 0; i < 5; i++) {
      const n = ++seq;
      await h.ok('send_keys_batch', { operations: [{ pane_id: pane, keys: `echo batch-${n}-$((6*7))` }] });
      matched(await waitFor(pane, `batch-${n}-42`), `batch-${n}-42`);

      // A pasted newline is a carriage return for the shell: the paste alone runs the command.
      await h.ok('paste_text', { pane_id: pane, text: `echo paste-${n}-$((6*7))\n`, bracket: false });
      matched(await waitFor(pane, `paste-${n}-42`), `paste-${n}-42`);

      const { buffer_name } = await h.ok<{ buffer_name: string }>('load_buffer', { content: `echo pbuf-${n}-$((6*7))\n` });
      await h.ok('paste_buffer', { pane_id: pane, buffer_name, bracket: false });
      matched(await waitFor(pane, `pbuf-${n}-42`), `pbuf-${n}-42`);
      await h.ok('delete_buffer', { buffer_name });
    }
  });

  it('paste_text then send_keys Enter: the wait counts from the last typing, the Enter', async () => {
    const pane = await newPane(tmux, 'typed');
    for (let i = 0; i < 5; i++) {
      const n = ++seq;
      await h.ok('paste_text', { pane_id: pane, text: `echo enter-${n}-$((6*7))`, bracket: false });
      // The pasted line sits on the prompt row when the Enter is typed: that row is stale, what the
      // command prints after the Enter is fresh.
      await h.ok('send_keys', { pane_id: pane, keys: 'Enter', enter: false });
      matched(await waitFor(pane, `enter-${n}-42`), `enter-${n}-42`);
    }
  });

  it('only the first wait counts from the typing: a second one counts from its own entry', async () => {
    const pane = await newPane(tmux, 'typed');
    const n = ++seq;
    await h.ok('send_keys', { pane_id: pane, keys: `echo twice-${n}-$((6*7))` });
    matched(await waitFor(pane, `twice-${n}-42`), `twice-${n}-42`);
    await printed(pane, `twice-${n}-42`);
    stale(await waitFor(pane, `twice-${n}-42`, 1));
    // New output still matches: typed by tmux itself once the wait has taken its entry snapshot…
    matched(await waitFor(pane, `later-${n}-42`, 5, () => type(tmux, pane, `echo later-${n}-$((6*7))`)), `later-${n}-42`);
    // …or typed by this server.
    await h.ok('send_keys', { pane_id: pane, keys: `echo again-${n}-$((6*7))` });
    matched(await waitFor(pane, `again-${n}-42`), `again-${n}-42`);
  });

  it('a typing while a wait runs is that wait’s: the next wait counts from its own entry', async () => {
    const pane = await newPane(tmux, 'typed');
    const n = ++seq;
    const typed: Promise<unknown>[] = [];
    const first = await waitFor(pane, `during-${n}-42`, 5, () => {
      typed.push(h.ok('send_keys', { pane_id: pane, keys: `echo during-${n}-$((6*7))` }));
    });
    await Promise.all(typed);
    matched(first, `during-${n}-42`);
    await printed(pane, `during-${n}-42`);
    stale(await waitFor(pane, `during-${n}-42`, 1));
  });

  it('rows on screen before the typing stay stale', async () => {
    const pane = await newPane(tmux, 'typed');
    const n = ++seq;
    type(tmux, pane, `echo before-${n}-$((6*7))`);
    await printed(pane, `before-${n}-42`);
    await h.ok('send_keys', { pane_id: pane, keys: `echo unrelated-${n}-$((6*7))` });
    stale(await waitFor(pane, `before-${n}-42`, 1));
  });
});
