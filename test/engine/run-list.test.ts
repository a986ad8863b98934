import { LibTmuxException, TmuxNoServer } from '../../src/tmux/tmux-errors';
import { runList, type TmuxEngine } from '../../src/tmux/tmux-engine';
import { PrivateTmux } from './engine-fixture';

/**
 * A batch of commands in one round trip (docs/reference/engine.md#command-batches): one tmux
 * subprocess (a command list) on the exec engine, pipelined writes on a control client, and the
 * same outputs either way.
 */
describe.each(['exec', 'control'] as const)('runList on the %s engine', (kind) => {
  const t = new PrivateTmux();
  let engine: TmuxEngine;
  let pane = '';

  beforeAll(() => {
    t.newSession('main');
    pane = t.tmux('display-message', '-p', '-t', 'main', '#{pane_id}');
    engine = kind === 'exec' ? t.exec() : t.control();
  });
  afterAll(async () => {
    await engine.close();
    t.kill();
  });

  it('returns each command its own output lines, in order', async () => {
    const out = await runList(engine, [
      ['display-message', '-p', 'one'],
      ['list-sessions', '-F', '#{session_name}'],
      ['display-message', '-p', '-t', pane, 'a\nb'],
      ['set-option', '-g', '@run_list', 'x'],
    ]);
    expect(out).toEqual([['one'], ['main'], ['a', 'b'], []]);
    expect(t.tmux('show-options', '-gv', '@run_list')).toBe('x');
  });

  it('keeps an output that looks like a separator (or holds a ;) inside its own command', async () => {
    const out = await runList(engine, [
      ['display-message', '-p', 'tmux-mcp-list-0000000000000000'],
      ['display-message', '-p', 'a;'],
    ]);
    expect(out).toEqual([['tmux-mcp-list-0000000000000000'], ['a;']]);
  });

  it('rejects with the error of a failing command', async () => {
    await expect(
      runList(engine, [
        ['display-message', '-p', 'ok'],
        ['list-windows', '-t', '@999999'],
      ]),
    ).rejects.toThrow(LibTmuxException);
    await expect(
      runList(engine, [
        ['list-windows', '-t', '@999999'],
        ['display-message', '-p', 'x'],
      ]),
    ).rejects.toThrow(/can't find window/);
  });

  it('a batch against a socket with no server is "no server"', async () => {
    const none = new PrivateTmux();
    const e = kind === 'exec' ? none.exec() : none.control();
    try {
      await expect(runList(e, [['list-sessions'], ['list-clients']])).rejects.toThrow(TmuxNoServer);
    } finally {
      await e.close();
    }
  });
});
