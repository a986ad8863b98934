import { TmuxConnectionLost, TmuxNoServer } from '../../src/tmux/tmux-errors';
import { alive, MemoryLogger, PrivateTmux, until } from './engine-fixture';

const servers: PrivateTmux[] = [];
function server(): PrivateTmux {
  const t = new PrivateTmux();
  servers.push(t);
  return t;
}

afterAll(() => servers.forEach((t) => t.kill()));

/** Every settled call either succeeded or failed with an expected connection error. */
function expectOnlyConnectionErrors(results: PromiseSettledResult<unknown>[]): void {
  for (const r of results) {
    if (r.status === 'rejected') expect(r.reason instanceof TmuxConnectionLost || r.reason instanceof TmuxNoServer).toBe(true);
  }
}

describe('ControlEngine recovery', () => {
  it('uses subprocesses without a server, retries at most as configured, then attaches', async () => {
    const t = server();
    const slow = t.control(new MemoryLogger(), { retryMs: 60_000 });
    const eager = t.control(new MemoryLogger(), { retryMs: 0 });
    await expect(slow.run(['list-sessions'])).rejects.toBeInstanceOf(TmuxNoServer);
    await expect(eager.run(['list-sessions'])).rejects.toBeInstanceOf(TmuxNoServer);
    expect(slow.state).toBe('exec');
    t.newSession('late');
    expect(await slow.run(['display-message', '-p', 'hi'])).toEqual(['hi']);
    expect(slow.mode).toBe('exec'); // within its retry interval: no new attach attempt
    expect(await eager.run(['display-message', '-p', 'hi'])).toEqual(['hi']);
    expect(eager.mode).toBe('control');
    await Promise.all([slow.close(), eager.close()]);
  });

  it('rejects in-flight calls when the server dies, never hangs, and recovers on a new server', async () => {
    const t = server();
    t.newSession('a');
    const log = new MemoryLogger();
    const e = t.control(log, { retryMs: 0 });
    const serverPid = Number(await e.run(['display-message', '-p', '#{pid}']).then((l) => l[0]));
    const calls = Array.from({ length: 200 }, (_, i) => e.run(['display-message', '-p', `n${i}`]));
    await calls[0];
    process.kill(serverPid, 'SIGKILL');
    const results = await Promise.allSettled(calls);
    expectOnlyConnectionErrors(results);
    // A call racing the death is itself in flight (TmuxConnectionLost); wait until noticed.
    await until(() => e.state !== 'attached');
    results.forEach((r, i) => r.status === 'fulfilled' && expect(r.value).toEqual([`n${i}`]));
    await expect(e.run(['list-sessions'])).rejects.toBeInstanceOf(TmuxNoServer);
    expect(e.state).toBe('exec');

    t.newSession('b'); // a new server on the same socket
    expect(await e.run(['display-message', '-p', 'back'])).toEqual(['back']);
    expect(e.mode).toBe('control');
    expect(e.state).toBe('attached');
    expect(log.at('error')).toEqual([]);
    await e.close();
  });

  it('re-attaches quietly when its session is killed, even with calls in flight', async () => {
    const t = server();
    const a = t.newSession('a');
    const b = t.newSession('b');
    const log = new MemoryLogger();
    const e = t.control(log);
    await e.run(['list-windows', '-t', a]); // attaches to the session the first call targets (docs/reference/engine.md#engine-states)
    const first = e.clientPids()[0];
    const calls = [
      e.run(['kill-session', '-t', a]),
      ...Array.from({ length: 50 }, (_, i) => e.run(['display-message', '-p', '-t', b, `m${i}`])),
    ];
    const results = await Promise.all(calls);
    results.slice(1).forEach((r, i) => expect(r).toEqual([`m${i}`]));
    expect(await e.run(['list-sessions', '-F', '#{session_id}'])).toEqual([b]);
    expect(e.mode).toBe('control');
    expect(e.clientPids()[0]).not.toBe(first);
    expect(alive(first)).toBe(false);
    expect(log.at('warn')).toEqual([]);
    expect(log.at('error')).toEqual([]);

    // The last session goes: the server exits and the engine drops to subprocesses, quietly.
    await e.run(['kill-session', '-t', b]);
    await expect(e.run(['list-sessions'])).rejects.toBeInstanceOf(TmuxNoServer);
    expect(log.at('error')).toEqual([]);
    await e.close();
  });

  it('reconnects after its client is detached or killed from outside', async () => {
    const t = server();
    t.newSession('a');
    const e = t.control(new MemoryLogger());
    await e.run(['list-sessions']);
    const [pid] = e.clientPids();
    const name = t
      .tmux('list-clients', '-F', '#{client_pid} #{client_name}')
      .split('\n')
      .find((l) => l.startsWith(`${pid} `))!
      .split(' ')[1];
    t.tmux('detach-client', '-t', name);
    await until(() => e.state === 'reconnecting');
    expect(await e.run(['display-message', '-p', 'again'])).toEqual(['again']);
    expect(e.state).toBe('attached');

    const [pid2] = e.clientPids();
    expect(pid2).not.toBe(pid);
    const inflight = Array.from({ length: 50 }, (_, i) => e.run(['display-message', '-p', `k${i}`]));
    await inflight[0];
    process.kill(pid2, 'SIGKILL');
    expectOnlyConnectionErrors(await Promise.allSettled(inflight));
    await until(() => e.state === 'reconnecting');
    expect(await e.run(['display-message', '-p', 'third'])).toEqual(['third']);
    expect(e.mode).toBe('control');
    await e.close();
  });

  it('keeps replies matched when calls are aborted or time out', async () => {
    const t = server();
    t.newSession('a');
    const e = t.control(new MemoryLogger());
    await e.run(['list-sessions']);
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      if (i % 3 === 0) {
        const ac = new AbortController();
        const p = e.run(['display-message', '-p', `a${i}`], { signal: ac.signal });
        // Abort at varying points: before the write, after it, or never reached in time.
        for (let k = 0; k < i % 5; k++) await Promise.resolve();
        ac.abort();
        calls.push(
          p.then(
            () => 'done',
            (err: Error) => err.name,
          ),
        );
      } else if (i % 3 === 1) {
        calls.push(
          e.run(['display-message', '-p', `t${i}`], { timeoutMs: 0 }).then(
            (l) => l[0],
            (err: Error) => err.message,
          ),
        );
      } else {
        calls.push(e.run(['display-message', '-p', `ok${i}`]).then((l) => l[0]));
      }
    }
    const out = await Promise.all(calls);
    out.forEach((r, i) => {
      if (i % 3 === 0) expect(['AbortError', 'done']).toContain(r);
      else if (i % 3 === 1) expect([`t${i}`, 'tmux did not answer within 0 s']).toContain(r);
      else expect(r).toBe(`ok${i}`);
    });
    expect(await e.run(['display-message', '-p', 'last'])).toEqual(['last']);
    await e.close();
  });
});
