import winston from 'winston';
import { BufferStore } from '../../../src/services/buffer-store.service';
import type { TmuxServerPool } from '../../../src/services/tmux-server-pool.service';
import type { TmuxEngine, TmuxServerKey } from '../../../src/tmux/tmux-engine';

/**
 * The buffers a server holds are filed per tmux server (docs/reference/engine.md#buffer-cleanup):
 * the same socket on this machine and on a remote host are two servers, so a buffer made on one is
 * never deleted on the other at shutdown.
 */
describe('BufferStore', () => {
  const silent = winston.createLogger({ silent: true });
  const engineOf = (key: TmuxServerKey) => ({ key }) as unknown as TmuxEngine;
  const local = engineOf({ host: null, socketName: null, socketPath: null, tmuxBin: 'tmux' });
  const remote = engineOf({ host: 'build-box', socketName: null, socketPath: null, tmuxBin: 'tmux' });

  it('keeps the buffers of a remote server apart from those of the local one on the same socket', () => {
    const store = new BufferStore({} as TmuxServerPool, () => silent);
    const a = store.newName('a');
    const b = store.newName('b');
    store.track(local, a);
    store.track(remote, b);
    expect(store.heldOn(local)).toEqual([a]);
    expect(store.heldOn(remote)).toEqual([b]);
    store.untrack(remote, b);
    expect(store.heldOn(remote)).toEqual([]);
    expect(store.heldOn(local)).toEqual([a]);
  });
});
