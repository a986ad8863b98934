import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { capture, readyPane, until } from './pane-io-helpers';

const NOT_FOUND = 'Pane not found: %999999\nCall list_panes to discover valid pane ids.';

describe('send_keys', () => {
  const fx = new TmuxFixture();
  let h: McpHarness;

  beforeAll(async () => {
    fx.start('alpha');
    h = await McpHarness.start({ socket: fx.socket });
  });
  afterAll(async () => {
    await h.close();
    fx.kill();
  });

  const lines = (pane: string) => capture(fx, pane).split('\n');

  it('types the keys and presses Enter', async () => {
    const pane = await readyPane(fx);
    const r = await h.ok<{ result: string }>('send_keys', { keys: 'echo hello-$((40+2))', pane_id: pane });
    expect(r.result).toBe(`Keys sent to pane ${pane}`);
    await until(() => lines(pane).includes('hello-42'), 'hello-42');
  });

  it('enter=false leaves the line open; Enter goes as a separate key press', async () => {
    const pane = await readyPane(fx);
    await h.ok('send_keys', { keys: 'echo A', pane_id: pane, enter: false });
    await h.ok('send_keys', { keys: ' B', pane_id: pane, literal: true });
    // Had the first call pressed Enter, the shell would have printed "A" and then failed on "B".
    await until(() => lines(pane).includes('A B'), 'A B');
    expect(lines(pane)).not.toContain('A');
  });

  it('keys starting with "-" are keys, never tmux flags; literal sends key names as text', async () => {
    const pane = await readyPane(fx);
    await h.ok('send_keys', { keys: 'echo ', pane_id: pane, enter: false, literal: true });
    await h.ok('send_keys', { keys: '-l', pane_id: pane, enter: false, literal: true });
    await h.ok('send_keys', { keys: '-R', pane_id: pane, enter: false });
    await h.ok('send_keys', { keys: 'Enter', pane_id: pane, literal: true });
    await until(() => lines(pane).includes('-l-REnter'), '-l-REnter');
  });

  it('interprets tmux key names without literal', async () => {
    const pane = await readyPane(fx);
    await h.ok('send_keys', { keys: 'echo keyname', pane_id: pane, enter: false });
    await h.ok('send_keys', { keys: 'Enter', pane_id: pane, enter: false });
    await until(() => lines(pane).includes('keyname'), 'keyname');
  });

  it('keeps a final ";" (tmux would read it as a command separator)', async () => {
    const pane = await readyPane(fx);
    await h.ok('send_keys', { keys: 'echo semi\\;', pane_id: pane });
    await until(() => lines(pane).includes('semi;'), 'semi;');
  });

  it('keys reach the pane byte-identical on both engines ($VAR, ~, quotes, backslash; docs/reference/engine.md#quoting-parity)', async () => {
    const pane = await readyPane(fx);
    // Single-quoted for the pane's shell: whatever arrives is printed as is.
    await h.ok('send_keys', { keys: `printf '%s\\n' '[$HOME ~ "dq" \\ #{pane_id}]'`, pane_id: pane, literal: true });
    await until(() => lines(pane).includes('[$HOME ~ "dq" \\ #{pane_id}]'), 'verbatim keys');
  });

  it('suppress_history prepends exactly one space', async () => {
    const pane = await readyPane(fx);
    await h.ok('send_keys', { keys: 'echo spaced', pane_id: pane, suppress_history: true });
    await until(() => lines(pane).includes('spaced'), 'spaced');
    expect(lines(pane).some((l) => /^[$#] {2}echo spaced$/.test(l))).toBe(true);
  });

  it('resolves session_name to the first pane of its first window', async () => {
    fx.newSession('beta');
    const pane = fx.tmux('display-message', '-p', '-t', 'beta:', '#{pane_id}');
    await until(() => /[$#] ?$/.test(capture(fx, pane).trimEnd()), 'beta prompt');
    const r = await h.ok<{ result: string }>('send_keys', { keys: 'echo in-beta', session_name: 'beta' });
    expect(r.result).toBe(`Keys sent to pane ${pane}`);
    await until(() => lines(pane).includes('in-beta'), 'in-beta');
  });

  it('reports a missing pane with the mapped text and suggestion', async () => {
    const e = await h.err('send_keys', { keys: 'x', pane_id: '%999999' });
    expect(e.text).toBe(NOT_FOUND);
    expect(e.meta).toMatchObject({ error_type: 'PaneNotFound', expected: true });
  });

  it('rejects NUL in keys (docs/reference/protocol.md#strings) without echoing the value', async () => {
    const e = await h.err('send_keys', { keys: 'SECRET\u0000x', pane_id: '%0' });
    expect(e.text).toContain('1 validation error for send_keys\nkeys\n');
    expect(e.text).not.toContain('SECRET');
  });
});
