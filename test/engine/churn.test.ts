import { MemoryLogger, PrivateTmux, until } from './engine-fixture';

/**
 * tmux 3.3a segfaults when it broadcasts a control notification while a control client is
 * still identifying (see EngineGate). The engine starts and stops event clients while its own
 * calls make tmux broadcast (select-window → %session-window-changed); the server must survive.
 */
describe('client churn', () => {
  const t = new PrivateTmux();
  afterAll(() => t.kill());

  it('starts and stops event clients amid broadcasting calls without crashing tmux', async () => {
    const sessions = ['s0', 's1', 's2', 's3'].map((n) => t.newSession(n));
    for (const s of sessions) t.tmux('new-window', '-d', '-t', `${s}:`);
    const panes = sessions.map((s) => t.tmux('display-message', '-p', '-t', s, '#{pane_id}'));
    const log = new MemoryLogger();
    const e = t.control(log, { eventIdleMs: 1 });
    await e.run(['list-windows', '-t', sessions[0]]);
    for (let round = 0; round < 25; round++) {
      const pane = panes[1 + (round % 3)];
      let woke!: () => void;
      const live = new Promise<void>((r) => (woke = r));
      const off = e.onPaneEvent(pane, () => woke());
      let attached = false;
      void live.then(() => (attached = true));
      // Keep tmux broadcasting for as long as the event client is being started.
      for (let i = 0; !attached; i++) {
        await Promise.all(sessions.map((s) => e.run(['select-window', '-t', `${s}:${i % 2}`])));
      }
      off();
      await until(() => e.clientPids().length === 1); // the event client detached again
    }
    expect(t.tmux('list-sessions', '-F', '#{session_id}').split('\n')).toEqual(sessions);
    expect(log.at('warn')).toEqual([]);
    await e.close();
  });
});
