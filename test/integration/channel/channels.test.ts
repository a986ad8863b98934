import { rmSync } from 'node:fs';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';
import { connected, until, waitForPids } from './proc-probe';

describe('wait_for_channel / signal_channel', () => {
  const tmux = new TmuxFixture();
  let h: McpHarness;
  let n = 0;
  const chan = (p = 'ch') => `${p}-${process.pid}-${++n}`;

  beforeAll(async () => {
    tmux.start('alpha');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  it('advertises tier, title, annotations and the self-bounded tag (docs/reference/tools.md#channels)', async () => {
    const { tools } = await h.client.listTools();
    const wait = tools.find((t) => t.name === 'wait_for_channel')!;
    const sig = tools.find((t) => t.name === 'signal_channel')!;
    expect(wait.annotations).toEqual({
      title: 'Wait For tmux Channel',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(sig.annotations).toEqual({
      title: 'Signal tmux Channel',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(wait._meta?.['tmux-mcp/tags']).toEqual(['mutating', 'self-bounded']);
    expect(sig._meta?.['tmux-mcp/tags']).toEqual(['mutating']);
    expect((wait.inputSchema.properties as Record<string, { default?: unknown }>).timeout.default).toBe(30);
  });

  it('returns once the channel is signalled (signal_channel while waiting)', async () => {
    const c = chan();
    const waiting = h.call('wait_for_channel', { channel: c, timeout: 20 });
    await until(() => waitForPids(tmux.socket, c).some(connected));
    expect(await h.ok('signal_channel', { channel: c })).toEqual({ result: `Channel '${c}' signalled` });
    const r = await waiting;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ result: `Channel '${c}' was signalled (timeout 20s)` });
  });

  it('wakes on a shell-side `tmux wait-for -S` and on a signal sent before the wait', async () => {
    const c = chan();
    const waiting = h.ok<{ result: string }>('wait_for_channel', { channel: c, timeout: 2.5 });
    await until(() => waitForPids(tmux.socket, c).some(connected));
    tmux.tmux('wait-for', '-S', c);
    expect((await waiting).result).toBe(`Channel '${c}' was signalled (timeout 2.5s)`);

    // tmux remembers a signal nobody waited for; signal_channel with no waiter still succeeds.
    const early = chan();
    expect((await h.ok<{ result: string }>('signal_channel', { channel: early })).result).toBe(`Channel '${early}' signalled`);
    expect((await h.ok<{ result: string }>('wait_for_channel', { channel: early, timeout: 5 })).result).toBe(
      `Channel '${early}' was signalled (timeout 5s)`,
    );
  });

  it('treats a channel starting with "-" as a name, never a flag', async () => {
    const c = `-S${process.pid}`;
    await h.ok('signal_channel', { channel: c });
    expect((await h.ok<{ result: string }>('wait_for_channel', { channel: c, timeout: 5 })).result).toBe(
      `Channel '${c}' was signalled (timeout 5s)`,
    );
  });

  it('times out with the effective timeout, killing the child', async () => {
    const c = chan();
    const e = await h.err('wait_for_channel', { channel: c, timeout: 0.3 });
    expect(e.text).toBe(`wait-for timeout: channel '${c}' was not signalled within 0.3s`);
    expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    await until(() => waitForPids(tmux.socket, c).length === 0);
  });

  it('times out at once for timeout <= 0 (no validation, docs/reference/tools.md#wait_for_channel)', async () => {
    const c = chan();
    expect((await h.err('wait_for_channel', { channel: c, timeout: 0 })).text).toBe(
      `wait-for timeout: channel '${c}' was not signalled within 0s`,
    );
    expect((await h.err('wait_for_channel', { channel: c, timeout: -2 })).text).toBe(
      `wait-for timeout: channel '${c}' was not signalled within -2s`,
    );
  });

  it('validates channel names (docs/reference/tools.md#channels) with the safe repr (docs/reference/protocol.md#safe-repr)', async () => {
    for (const tool of ['wait_for_channel', 'signal_channel']) {
      expect((await h.err(tool, { channel: 'bad name' })).text).toBe("Invalid channel name: 'bad name'");
      expect((await h.err(tool, { channel: '' })).text).toBe("Invalid channel name: ''");
      expect((await h.err(tool, { channel: "a'b\nc" })).text).toBe("Invalid channel name: 'a\\'b\\nc'");
      const long = 'x'.repeat(300);
      const e = await h.err(tool, { channel: long });
      expect(e.text).toBe(`Invalid channel name: '${'x'.repeat(200)}...'`);
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    }
    expect((await h.ok<{ result: string }>('signal_channel', { channel: 'A-z_0.9:x'.padEnd(128, 'y') })).result).toMatch(/^Channel '/);
  });

  it('reports tmux failures (no server) with the documented texts (docs/reference/errors.md#channels)', async () => {
    const none = `${tmux.socket}-none`;
    const w = await h.err('wait_for_channel', { channel: 'c1', timeout: 5, socket_name: none });
    expect(w.text).toMatch(/^wait-for failed for channel 'c1': (error connecting to|no server running on) /);
    const s = await h.err('signal_channel', { channel: 'c1', socket_name: none });
    expect(s.text).toMatch(/^signal-channel failed for channel 'c1': (error connecting to|no server running on) /);
  });

  it('sends progress at least once a second when the client asks for it (docs/reference/protocol.md#progress)', async () => {
    const c = chan();
    const seen: { progress: number; total?: number }[] = [];
    const r = await h.call(
      'wait_for_channel',
      { channel: c, timeout: 1.2 },
      { onprogress: (p) => seen.push(p as { progress: number; total?: number }) },
    );
    expect(r.isError).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((p) => p.total === 1.2)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i].progress).toBeGreaterThan(seen[i - 1].progress);
  });

  it('kills the wait-for child when the client cancels', async () => {
    const c = chan();
    const ac = new AbortController();
    const waiting = h.call('wait_for_channel', { channel: c, timeout: 25 }, { signal: ac.signal });
    await until(() => waitForPids(tmux.socket, c).some(connected));
    ac.abort();
    await expect(waiting).rejects.toThrow();
    await until(() => waitForPids(tmux.socket, c).length === 0);
  });
});

describe('wait_for_channel ceiling and server loss', () => {
  it('caps the timeout at the configured ceiling', async () => {
    const tmux = new TmuxFixture().start('solo');
    const h = await McpHarness.start({ socket: tmux.socket, config: { waitMaxSeconds: 1 } });
    try {
      const e = await h.err('wait_for_channel', { channel: 'capped', timeout: 30 });
      expect(e.text).toBe("wait-for timeout: channel 'capped' was not signalled within 1s");
      tmux.tmux('wait-for', '-S', 'capped2');
      expect((await h.ok<{ result: string }>('wait_for_channel', { channel: 'capped2' })).result).toBe(
        "Channel 'capped2' was signalled (timeout 1s)",
      );
    } finally {
      await h.close();
      tmux.kill();
    }
  });

  it('kill-server: tmux exits 0, the tool says the server is gone', async () => {
    const tmux = new TmuxFixture().start('solo');
    const h = await McpHarness.start({ socket: tmux.socket });
    try {
      const waiting = h.err('wait_for_channel', { channel: 'never', timeout: 20 });
      await until(() => waitForPids(tmux.socket, 'never').some(connected));
      tmux.kill();
      expect((await waiting).text).toBe(
        "wait-for returned for channel 'never' but the tmux server is no longer running, so the channel was probably never signalled — tmux exits 0 for both. Re-check the work you were waiting on.",
      );
    } finally {
      await h.close();
      tmux.kill();
    }
  });

  it('a SIGKILLed server gives `server exited unexpectedly`', async () => {
    const tmux = new TmuxFixture().start('solo');
    const pid = Number(tmux.tmux('display-message', '-p', '#{pid}'));
    const socketPath = tmux.tmux('display-message', '-p', '#{socket_path}');
    const h = await McpHarness.start({ socket: tmux.socket });
    try {
      const waiting = h.err('wait_for_channel', { channel: 'doomed', timeout: 20 });
      await until(() => waitForPids(tmux.socket, 'doomed').some(connected));
      process.kill(pid, 'SIGKILL'); // this test's own private server
      expect((await waiting).text).toBe("wait-for failed for channel 'doomed': server exited unexpectedly");
    } finally {
      await h.close();
      rmSync(socketPath, { force: true }); // a SIGKILLed server leaves its socket file behind
    }
  });
});
