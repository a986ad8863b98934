import { createConnection } from 'node:net';

/**
 * A stale socket inode refuses at once; a live server accepts well within this
 * (docs/reference/tools.md#list_servers).
 */
export const CONNECT_TIMEOUT_MS = 100;

/**
 * True when something accepts a UNIX connect on `path` within `timeoutMs`.
 *
 * When the timer fires, the answer waits one turn of the event loop (`setImmediate` runs after the
 * I/O poll): if the loop itself was stalled past the timeout (a busy machine, a garbage
 * collection, the first call of a fresh server), a connect that completed meanwhile is still
 * pending in the poll and counts. Only a connect the kernel has not completed by then is a
 * timeout (docs/reference/tools.md#list_servers).
 */
export function acceptsConnect(path: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ path });
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => setImmediate(() => done(false)), timeoutMs);
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}
