import { quoteControlArg } from '../../src/tmux/control-quoting';
import { until } from '../helpers/poll';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';

/**
 * Values that begin with `%` reach tmux literally on both engines
 * (docs/reference/engine.md#quoting-parity). tmux's command parser reads a bare word starting
 * with `%` as a directive (`%if`, `%elif`, `%else`, `%endif`, `%hidden`) or a syntax error,
 * unless it is only `%` and digits (a pane id). The whole suite runs on both engines
 * (TMUX_MCP_ENGINE), so every call below is checked on each.
 */
const DIRECTIVES = ['%if', '%elif', '%else', '%endif', '%hidden'];
const OTHERS = ['%x', '%%if', '%1x', '%'];

describe('quoteControlArg: a leading % (docs/reference/engine.md#quoting-parity)', () => {
  it.each([...DIRECTIVES, ...OTHERS].filter((v) => v !== '%'))('quotes %s', (v) => {
    expect(quoteControlArg(v)).toBe(`'${v}'`);
  });
  it.each(['%', '%0', '%12', '%%', 'a%if', '50%'])('leaves the token %s bare', (v) => {
    expect(quoteControlArg(v)).toBe(v);
  });
});

describe('values beginning with % reach tmux literally through the tools', () => {
  const tmux = new HardenedTmux();
  let h: McpHarness;
  let pane: string;
  let window: string;
  let session: string;

  beforeAll(async () => {
    session = tmux.session('pct');
    pane = tmux.firstPane('pct');
    window = tmux.tmux('display-message', '-p', '-t', pane, '#{window_id}');
    // A pane that prints nothing of its own: what send_keys types is all the screen holds.
    tmux.tmux('respawn-pane', '-k', '-t', pane, 'cat');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  const show = (...args: string[]) => tmux.tmux(...args);

  it.each(DIRECTIVES.concat(OTHERS))(
    'rename_window, rename_session, set_pane_title, set_option, set_environment, display_message: %s',
    async (v) => {
      await h.ok('rename_window', { window_id: window, new_name: v });
      expect(show('display-message', '-p', '-t', pane, '#{window_name}')).toBe(v);

      await h.ok('set_pane_title', { pane_id: pane, title: v });
      expect(show('display-message', '-p', '-t', pane, '#{pane_title}')).toBe(v);

      await h.ok('set_option', { option: '@hz_pct', value: v, global_: true });
      expect(show('show-options', '-gv', '@hz_pct')).toBe(v);

      await h.ok('set_environment', { name: 'HZ_PCT', value: v, session_id: session });
      expect(show('show-environment', '-t', session, 'HZ_PCT')).toBe(`HZ_PCT=${v}`);

      // A format: tmux's strftime pass reads `%e`, `%h`, `%x` …; what matters is that both engines
      // hand tmux the same word as its own argv does.
      const viaTool = (await h.ok<{ result: string }>('display_message', { format_string: v, pane_id: pane })).result;
      expect(viaTool).toBe(show('display-message', '-p', '-t', pane, '--', v));

      // A session name is looked up by name afterwards too (the resolver matches it in our code).
      await h.ok('rename_session', { session_id: session, new_name: v });
      expect(show('display-message', '-p', '-t', pane, '#{session_name}')).toBe(v);
      expect((await h.ok<{ session_id: string }>('get_session_info', { session_name: v })).session_id).toBe(session);
      await h.ok('rename_session', { session_id: session, new_name: 'pct' });
    },
  );

  it('send_keys types % words literally, and create_window names a window with one', async () => {
    for (const w of DIRECTIVES) await h.ok('send_keys', { pane_id: pane, keys: w, literal: true, enter: false });
    await until(
      () => show('capture-pane', '-p', '-t', pane),
      (s) => s.includes(DIRECTIVES.join('')),
      'the typed % words on the screen',
    );
    const created = await h.ok<{ window_id: string }>('create_window', { session_id: session, window_name: '%endif' });
    expect(show('display-message', '-p', '-t', created.window_id, '#{window_name}')).toBe('%endif');
  });
});
