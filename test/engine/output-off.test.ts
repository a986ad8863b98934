import { MemoryLogger, PrivateTmux, until } from './engine-fixture';
import type { ControlEngine } from '../../src/tmux/control-engine';

/**
 * Switching a client's output off never wedges it (docs/reference/engine.md#output-off). tmux
 * 3.3a's `refresh-client -f no-output` forgets the panes' queued output without freeing it, and
 * every later line to that client (command replies included) waits behind it for good; here a
 * pane of the command client's session floods while the engine stops watching it, over and over,
 * and the client must still answer after each time.
 */
describe('output switched off while a pane floods', () => {
  const t = new PrivateTmux();
  let e: ControlEngine;
  let flood = '';

  beforeAll(async () => {
    const session = t.newSession('work');
    flood = t.tmux('split-window', '-d', '-P', '-F', '#{pane_id}', '-t', session, `sh -c 'while :; do printf "%0720d\\n" 0; done'`);
    e = t.control(new MemoryLogger(), { eventIdleMs: 1 });
    await e.run(['list-windows', '-t', session]); // the command client attaches to `work`
  });

  afterAll(async () => {
    await e.close();
    t.kill();
  });

  const flags = () => t.tmux('list-clients', '-F', '#{client_flags}');

  it('the command client answers after each switch', async () => {
    for (let i = 0; i < 10; i++) {
      await new Promise<void>((resolve) => {
        const off = e.onPaneEvent(flood, (ev) => {
          if (ev.kind !== 'output') return;
          off();
          resolve();
        });
      });
      // Output is off again once the watch is idle (tmux shows the flag on the client).
      await until(() => flags().includes('no-output'));
      expect(await e.run(['display-message', '-p', `alive-${i}`])).toEqual([`alive-${i}`]);
    }
  }, 90_000);
});
