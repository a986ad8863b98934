import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

type Opt = { option: string; value: unknown };

describe('show_option / set_option', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let betaWindow: string;
  let betaPane: string;

  beforeAll(async () => {
    tmux.start('alpha');
    tmux.newSession('beta');
    betaWindow = tmux.tmux('display-message', '-p', '-t', 'beta:', '#{window_id}');
    betaPane = tmux.tmux('display-message', '-p', '-t', 'beta:', '#{pane_id}');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('advertises tier, title and annotations (docs/reference/tools.md#options)', async () => {
    const { tools } = await h.client.listTools();
    const show = tools.find((t) => t.name === 'show_option')!;
    const set = tools.find((t) => t.name === 'set_option')!;
    expect(show.annotations).toEqual({
      title: 'Show tmux Option',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(set.annotations).toEqual({
      title: 'Set tmux Option',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(show.inputSchema.properties).toHaveProperty('global_');
    // No hosts configured: no `host` (docs/reference/protocol.md#features); its shape with hosts is
    // checked for every tool in test/integration/framework/tool-catalog.test.ts.
    expect(Object.keys(show.inputSchema.properties!)).toEqual(['option', 'scope', 'target', 'global_', 'socket_name']);
    expect(Object.keys(set.inputSchema.properties!)).toEqual(['option', 'value', 'scope', 'target', 'global_', 'socket_name']);
    expect(set.inputSchema.required).toEqual(['option', 'value']);
  });

  it('converts values (docs/reference/tools.md#show_option): integers, booleans, strings, unset → null', async () => {
    expect(await h.ok<Opt>('show_option', { option: 'escape-time', scope: 'server' })).toEqual({ option: 'escape-time', value: 500 });
    expect(await h.ok<Opt>('show_option', { option: 'status', global_: true })).toEqual({ option: 'status', value: true });
    expect((await h.ok<Opt>('show_option', { option: 'mode-keys', scope: 'window', global_: true })).value).toBe(
      tmux.tmux('show-options', '-v', '-g', '-w', 'mode-keys'),
    );
    expect((await h.ok<Opt>('show_option', { option: 'status-left', global_: true })).value).toBe('[#{session_name}] ');
    // Not set on the session itself: tmux prints nothing.
    expect((await h.ok<Opt>('show_option', { option: 'status', scope: 'session', target: 'beta' })).value).toBeNull();
    // A user option never set is unset too, not an error.
    expect((await h.ok<Opt>('show_option', { option: '@never-set', global_: true })).value).toBeNull();
  });

  it('returns array options as lists in index order ([] when empty)', async () => {
    const env = await h.ok<Opt>('show_option', { option: 'update-environment', global_: true });
    expect(env.value).toEqual(tmux.tmux('show-options', '-v', '-g', 'update-environment').split('\n'));
    expect((await h.ok<Opt>('show_option', { option: 'user-keys', scope: 'server', global_: true })).value).toEqual([]);
    // An element holding a newline still comes back as one element.
    tmux.tmux('set-option', '-g', 'command-alias[30]', 'zz=display-message\nline2');
    const alias = (await h.ok<Opt>('show_option', { option: 'command-alias', scope: 'server' })).value as string[];
    expect(alias[alias.length - 1]).toBe('zz=display-message\nline2');
    expect(alias).toContain('splitp=split-window');
    // One index asked for explicitly is a scalar.
    expect((await h.ok<Opt>('show_option', { option: 'command-alias[30]', scope: 'server' })).value).toBe('zz=display-message\nline2');
  });

  it('sets options and reads them back exactly (multi-line, leading dash, digits)', async () => {
    expect(await h.ok('set_option', { option: '@note', value: 'a b "c" $HOME #{x}', global_: true })).toEqual({
      option: '@note',
      value: 'a b "c" $HOME #{x}',
      status: 'set',
    });
    expect((await h.ok<Opt>('show_option', { option: '@note', global_: true })).value).toBe('a b "c" $HOME #{x}');
    await h.ok('set_option', { option: '@multi', value: 'l1\nl2', global_: true });
    expect((await h.ok<Opt>('show_option', { option: '@multi', global_: true })).value).toBe('l1\nl2');
    await h.ok('set_option', { option: '@neg', value: '-5', global_: true });
    expect((await h.ok<Opt>('show_option', { option: '@neg', global_: true })).value).toBe('-5');
    await h.ok('set_option', { option: '@num', value: '0042', global_: true });
    expect((await h.ok<Opt>('show_option', { option: '@num', global_: true })).value).toBe(42);
    await h.ok('set_option', { option: '@empty', value: '', global_: true });
    expect((await h.ok<Opt>('show_option', { option: '@empty', global_: true })).value).toBe('');
  });

  it('targets the session by exact NAME, the window and pane by id (docs/reference/tools.md#options)', async () => {
    await h.ok('set_option', { option: 'status', value: 'off', scope: 'session', target: 'beta' });
    expect(tmux.tmux('show-options', '-v', '-t', 'beta', 'status')).toBe('off');
    expect(tmux.tmux('show-options', '-v', '-t', 'alpha', 'status')).toBe('');
    expect((await h.ok<Opt>('show_option', { option: 'status', scope: 'session', target: 'beta' })).value).toBe(false);

    await h.ok('set_option', { option: 'mode-keys', value: 'vi', scope: 'window', target: betaWindow });
    expect(tmux.tmux('show-options', '-v', '-w', '-t', betaWindow, 'mode-keys')).toBe('vi');
    expect((await h.ok<Opt>('show_option', { option: 'mode-keys', scope: 'window', target: betaWindow })).value).toBe('vi');

    await h.ok('set_option', { option: 'remain-on-exit', value: 'on', scope: 'pane', target: betaPane });
    expect(tmux.tmux('show-options', '-v', '-p', '-t', betaPane, 'remain-on-exit')).toBe('on');
    expect((await h.ok<Opt>('show_option', { option: 'remain-on-exit', scope: 'pane', target: betaPane })).value).toBe(true);
  });

  it('falls back to the first session / window / pane without a target', async () => {
    await h.ok('set_option', { option: '@where', value: 'first', scope: 'session' });
    expect(tmux.tmux('show-options', '-v', '-t', 'alpha', '@where')).toBe('first');
    await h.ok('set_option', { option: '@wwhere', value: 'firstwin', scope: 'window' });
    expect(tmux.tmux('show-options', '-v', '-w', '-t', 'alpha:', '@wwhere')).toBe('firstwin');
    await h.ok('set_option', { option: '@pwhere', value: 'firstpane', scope: 'pane' });
    expect((await h.ok<Opt>('show_option', { option: '@pwhere', scope: 'pane' })).value).toBe('firstpane');
    expect(tmux.tmux('show-options', '-v', '-p', '-t', 'alpha:', '@pwhere')).toBe('firstpane');
  });

  it('sets a window option through the id of a window linked into two sessions', async () => {
    const linked = tmux.tmux('new-window', '-d', '-P', '-F', '#{window_id}', '-t', 'beta:');
    tmux.tmux('link-window', '-d', '-s', linked, '-t', 'alpha:7');
    await h.ok('set_option', { option: '@linked', value: 'yes', scope: 'window', target: linked });
    expect(tmux.tmux('show-options', '-v', '-w', '-t', linked, '@linked')).toBe('yes');
    expect((await h.ok<Opt>('show_option', { option: '@linked', scope: 'window', target: linked })).value).toBe('yes');
  });

  it('rejects a target without scope', async () => {
    for (const [tool, extra] of [
      ['show_option', {}],
      ['set_option', { value: 'on' }],
    ] as const) {
      const e = await h.err(tool, { option: 'status', target: 'beta', ...extra });
      expect(e.text).toBe('scope is required when target is specified');
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    }
  });

  it('reports unknown targets with the documented texts, matching names exactly (docs/reference/errors.md#target-errors)', async () => {
    const s = await h.err('show_option', { option: 'status', scope: 'session', target: 'bet' });
    expect(s.text).toBe(
      'Object not found: Could not find session_name=bet for list-sessions\nCall list_sessions / list_windows / list_panes to discover valid ids.',
    );
    expect(s.meta.error_type).toBe('TmuxObjectDoesNotExist');
    expect((await h.err('set_option', { option: 'mode-keys', value: 'vi', scope: 'window', target: '@999' })).text).toMatch(
      /^Object not found: Could not find window_id=@999 for list-windows(\n|$)/,
    );
    const pane = await h.err('show_option', { option: 'remain-on-exit', scope: 'pane', target: '%999' });
    expect(pane.text).toMatch(/^Pane not found: %999/);
    expect(pane.meta.error_type).toBe('PaneNotFound');
  });

  it('surfaces tmux errors as `tmux error: …` and validates option names', async () => {
    expect((await h.err('show_option', { option: 'no-such-option', global_: true })).text).toBe(
      'tmux error: invalid option: no-such-option',
    );
    expect((await h.err('show_option', { option: '-x', global_: true })).text).toBe('tmux error: invalid option: -x');
    const bad = await h.err('set_option', { option: 'status', value: 'maybe', global_: true });
    // tmux quotes the rejected value; value is a sensitive argument, so it is left out (docs/reference/tools.md#set_option).
    expect(bad.text).toBe('tmux error: unknown value: <value>');
    expect(bad.meta).toMatchObject({ error_type: 'LibTmuxException', expected: true });
    // The value is tmux's last word: redacted as a whole, without mangling tmux's text around a
    // short value, and also when the engines trimmed the value's trailing whitespace (docs/reference/safety.md#never-logged).
    expect((await h.err('set_option', { option: 'status', value: 'e', global_: true })).text).toBe('tmux error: unknown value: <value>');
    const trailing = await h.err('set_option', { option: 'status-left-length', value: 'SECRETnum \t', global_: true });
    expect(trailing.text).toBe('tmux error: value is invalid: <value>');
    const cmd = await h.err('set_option', { option: 'pane-exited', value: 'SECRETcmd arg', global_: true });
    expect(cmd.text).toBe('tmux error: unknown command: <value>');
    const ctl = await h.err('set_option', { option: 'bad\nname', value: 'x', global_: true });
    expect(ctl.meta.error_type).toBe('ValidationError');
    expect(ctl.text).toContain('1 validation error for set_option\noption\n');
    expect(ctl.text).not.toContain('bad');
    const scope = await h.err('show_option', { option: 'status', scope: 'global' });
    expect(scope.text).toContain('scope\n  Input should be');
    expect(scope.meta.error_type).toBe('ValidationError');
  });

  it('tmux errors when no server runs on the socket', async () => {
    const e = await h.err('show_option', { option: 'status', global_: true, socket_name: `${tmux.socket}-none` });
    expect(e.text).toMatch(/^tmux error: (no server running|error connecting)/);
  });
});
