import { execFileSync } from 'node:child_process';
import winston from 'winston';
import { ControlEngine } from '../../src/tmux/control-engine';
import { createEngineFactory, ENGINE_LOGGER } from '../../src/tmux/engine.factory';
import { ExecEngine } from '../../src/tmux/exec-engine';
import { waitForChannel } from '../../src/tmux/wait-for';
import { testRunner } from '../helpers/process-runner';
import { PrivateTmux, until } from './engine-fixture';

/** `tmux … wait-for <channel>` processes still running (read-only look at the process table). */
function waiters(channel: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(`wait-for -- ${channel}`));
}

describe('waitForChannel', () => {
  const t = new PrivateTmux();
  beforeAll(() => t.newSession('w'));
  afterAll(() => t.kill());

  it('resolves signalled when the channel is signalled', async () => {
    const ch = `ch-signal-${t.socket}`;
    const waiting = waitForChannel(t.exec(), ch);
    await until(() => waiters(ch).length === 1);
    await t.tmuxAsync('wait-for', '-S', ch);
    expect(await waiting).toEqual({ outcome: 'signalled', output: '' });
    expect(waiters(ch)).toEqual([]);
  });

  it('runs `then` in the waiting client as the wait ends: it reads tmux before anything later changes it', async () => {
    const ch = `ch-then-${t.socket}`;
    const waiting = waitForChannel(t.exec(), ch, { then: ['display-message', '-p', '#{@wv}'] });
    await until(() => waiters(ch).length === 1);
    // The signalling client exits only after tmux ran the waiter's next command; a read of ours
    // made after it (as the run follower used to make) would see 'after'.
    await t.tmuxAsync('set-option', '-g', '@wv', 'before', ';', 'wait-for', '-S', ch);
    t.tmux('set-option', '-g', '@wv', 'after');
    expect(await waiting).toEqual({ outcome: 'signalled', output: 'before\n' });
  });

  it('kills the child on timeout', async () => {
    const ch = `ch-timeout-${t.socket}`;
    expect(await waitForChannel(t.exec(), ch, { timeoutMs: 50 })).toEqual({ outcome: 'timeout' });
    expect(waiters(ch)).toEqual([]);
  });

  it('kills the child on abort', async () => {
    const ch = `ch-abort-${t.socket}`;
    const ac = new AbortController();
    const waiting = waitForChannel(t.exec(), ch, { signal: ac.signal });
    await until(() => waiters(ch).length === 1);
    ac.abort();
    expect(await waiting).toEqual({ outcome: 'aborted' });
    expect(waiters(ch)).toEqual([]);
    expect(await waitForChannel(t.exec(), ch, { signal: ac.signal })).toEqual({ outcome: 'aborted' });
  });

  it('kills the child when aborted while it was starting', async () => {
    const ch = `ch-abort-start-${t.socket}`;
    const ac = new AbortController();
    const waiting = waitForChannel(t.exec(), ch, { signal: ac.signal });
    // The child is being started (the runner's start has not answered yet): the abort listener is not set.
    ac.abort();
    expect(await waiting).toEqual({ outcome: 'aborted' });
    await until(() => waiters(ch).length === 0);
  });

  it('reports a missing server', async () => {
    const none = new PrivateTmux();
    const r = await waitForChannel(none.exec(), 'x', { timeoutMs: 5000 });
    expect(r).toMatchObject({ outcome: 'error', noServer: true });
  });
});

describe('createEngineFactory', () => {
  it('builds the engine the mode asks for, logging as tmux_mcp.engine', async () => {
    const names: string[] = [];
    const loggers = (name: string) => {
      names.push(name);
      return winston.createLogger({ silent: true });
    };
    const key = { host: null, socketName: 'tmux-mcp-test-factory', socketPath: null, tmuxBin: 'tmux' };
    expect(createEngineFactory('exec', loggers, testRunner)(key)).toBeInstanceOf(ExecEngine);
    expect(createEngineFactory('control', loggers, testRunner)(key, true)).toBeInstanceOf(ExecEngine);
    const control = createEngineFactory('control', loggers, testRunner)(key);
    expect(control).toBeInstanceOf(ControlEngine);
    expect(control.hasEvents).toBe(true);
    expect(names).toEqual([ENGINE_LOGGER]);
    await control.close();
  });
});
