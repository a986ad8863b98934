import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnect } from '../../../src/tools/server/accepts-connect';

/** Blocks the event loop (not a sleep: nothing waits on it) so a timer is overdue when it ends. */
function stallLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* the point is to keep the loop busy */
  }
}

describe('acceptsConnect (list_servers liveness, docs/reference/tools.md#list_servers)', () => {
  let dir: string;
  let server: Server;
  let live: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'accepts-connect-'));
    live = join(dir, 'live.sock');
    server = createServer((c) => c.destroy());
    await new Promise<void>((resolve) => server.listen(live, resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('a listening socket accepts', async () => {
    await expect(acceptsConnect(live)).resolves.toBe(true);
  });

  it('a stalled event loop does not turn a completed connect into a timeout', async () => {
    // The kernel completes a UNIX connect to a listener at once; its callback waits for the I/O
    // poll, which comes after the (now overdue) timer in the loop. The first call of a fresh
    // server on a busy machine stalls like this (the CI failure of list_servers' first scan).
    const answer = acceptsConnect(live, 10);
    stallLoop(100);
    await expect(answer).resolves.toBe(true);
  });

  it('a stale socket inode (its server killed) and a missing path do not', async () => {
    const stale = join(dir, 'stale.sock');
    // A listener killed before it can close leaves its socket file behind: connects are refused.
    spawnSync(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(stale)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    expect(statSync(stale).isSocket()).toBe(true);
    await expect(acceptsConnect(stale)).resolves.toBe(false);
    await expect(acceptsConnect(join(dir, 'missing.sock'))).resolves.toBe(false);
  });
});
