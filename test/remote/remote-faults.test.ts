/**
 * Remote faults (docs/reference/engine.md#remote-faults, docs/reference/errors.md#remote-host-errors):
 * a host that never answers, a connection dropped under calls in flight (and the reconnect of
 * the next call), and the independence of hosts: a failing host never holds up this machine or
 * another host. Outcomes only: nothing here measures how long anything took.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { resolveToken } from '../../src/framework/tokens';
import { PROCESS_RUNNER } from '../../src/services/tmux-server-pool.service';
import type { SshHost } from '../../src/tmux/ssh-host';
import { TmuxServerPool } from '../../src/services/tmux-server-pool.service';
import { ControlEngine } from '../../src/tmux/control-engine';
import { McpHarness, type CallResult } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { followsInBand, runStarted } from '../helpers/run-started';
import {
  describeSsh,
  processes,
  readyPane,
  remoteConfig,
  sshConfigWith,
  sshdPath,
  until,
  waitForProcesses,
  startRemote,
} from './remote-helpers';

/** An ssh config alias whose port accepts TCP connections and never says a word. */
const HANG = 'tmux-mcp-hang';
const LOST = (host: string) => `Connection to host '${host}' was lost`;
const firstLine = (r: CallResult) => (r.content[0]?.text ?? '').split('\n')[0];

/** A TCP listener on 127.0.0.1 that holds every connection until release(). */
class Blackhole {
  private readonly server: Server;
  private readonly held: Socket[] = [];
  accepted = 0;

  constructor() {
    this.server = createServer((s) => {
      this.accepted++;
      s.on('error', () => undefined);
      this.held.push(s);
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as { port: number }).port));
    });
  }

  /** Closes every held connection (the client sees the peer hang up before the banner). */
  release(): void {
    for (const s of this.held.splice(0)) s.destroy();
  }

  close(): Promise<void> {
    this.release();
    return new Promise((r) => this.server.close(() => r()));
  }
}

describeSsh('remote faults (docs/reference/engine.md#remote-faults)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const hole = new Blackhole();
  const harnesses: McpHarness[] = [];
  let h: McpHarness;
  let host: string;
  let sshConfig: string;
  let n = 0;
  const token = (p: string) => `${p}-${process.pid}-${++n}`;

  /** Pids of this server's ssh processes for its hosts (the master names the ControlPath, sessions the option). */
  function ourSsh(): number[] {
    const opts = (resolveToken(h.app.container, PROCESS_RUNNER).hostOf({ host }) as SshHost).sshOptions();
    const path = opts.find((o) => o.startsWith('ControlPath='))!.slice('ControlPath='.length);
    const dir = path.slice(0, path.lastIndexOf('/'));
    return processes()
      .filter((p) => p.argv.join(' ').includes(dir))
      .map((p) => p.pid);
  }

  /**
   * Drops every connection on sshd's side. `noticed()` waits (bounded) until this server has
   * seen it: every ssh process it had then is gone and, under the control engine, no client of
   * the engine is one of them. A call sent before that rides the dead connection and fails with
   * the lost-connection error like any call in flight; the calls after it reconnect.
   */
  async function dropConnections(): Promise<{ victims: number[]; noticed: () => Promise<void> }> {
    const old = new Set(ourSsh());
    const victims = await sshd.dropConnections();
    const engine = h.app.container.resolve(TmuxServerPool).engine(null, host);
    const noticed = async () => {
      await until(
        () => ({
          ssh: ourSsh().filter((p) => old.has(p)),
          clients: engine instanceof ControlEngine ? engine.clientPids().filter((p) => old.has(p)) : [],
        }),
        (v) => v.ssh.length === 0 && v.clients.length === 0,
        'the dropped connection noticed',
      );
    };
    return { victims, noticed };
  }

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    sshConfig = sshConfigWith(sshd, 'ssh_config_faults', { [HANG]: await hole.listen() });
    h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd, { hosts: [host, HANG], sshConfig }) });
    harnesses.push(h);
  });
  afterAll(async () => {
    for (const x of harnesses) await x.close();
    await hole.close();
    tmux.kill();
    await sshd?.stop();
  });

  it('a host that accepts but never answers is given up as unreachable (bounded by the connect timeout)', async () => {
    const quick = await McpHarness.start({
      socket: tmux.socket,
      config: remoteConfig(sshd, { hosts: [HANG], sshConfig, sshConnectTimeout: 1 }),
    });
    harnesses.push(quick);
    const r = await quick.call('list_sessions', { host: HANG });
    expect(r.isError).toBe(true);
    // ssh's own words (`Connection timed out during banner exchange`), or ours when ssh is slower.
    expect(firstLine(r)).toMatch(new RegExp(`^Host '${HANG}' is unreachable: .*(timed out|no answer within the connect timeout)`));
    expect(r._meta).toMatchObject({ error_type: 'HostUnreachable', expected: true });
  });

  it('while one host hangs, local tmux and the other host answer; the hanging call fails once its peer hangs up', async () => {
    const before = hole.accepted;
    let settled = false;
    const hanging = h.call('list_sessions', { host: HANG }).finally(() => (settled = true));
    await until(
      () => hole.accepted,
      (k) => k > before,
      'ssh connected to the silent port',
    );
    const pane = tmux.tmux('display-message', '-p', '-t', 'main', '#{pane_id}');
    const [local, localPane, other, again] = await Promise.all([
      h.ok<{ result: { session_name: string }[] }>('list_sessions'),
      h.ok<{ result: string }>('display_message', { pane_id: pane, format_string: '#{pane_id}' }),
      h.ok<{ result: { session_name: string }[] }>('list_sessions', { host }),
      h.ok<{ result: { session_name: string }[] }>('list_sessions', { host: 'local' }),
    ]);
    expect(local.result.map((s) => s.session_name)).toEqual(['main']);
    expect(localPane.result).toBe(pane);
    expect(other.result.map((s) => s.session_name)).toEqual(['main']);
    expect(again).toEqual(local);
    // Nothing above waited for the silent host: its call is still connecting.
    expect(settled).toBe(false);

    hole.release();
    const r = await hanging;
    expect(r.isError).toBe(true);
    // ssh's last line: `kex_exchange_identification: Connection closed by remote host`.
    expect(firstLine(r)).toMatch(new RegExp(`^Host '${HANG}' is unreachable: .*Connection closed`));
  });

  it('ssh failing (255) while a command starts on a connection that was up: "Connection … was lost", not unreachable; the next call reconnects', async () => {
    // ssh as the server runs it, but failing like a mux client whose master died under it while
    // the flag file exists (the sentinel `cat` started before it did).
    const flag = join(sshd.dir, 'fail-starts');
    const wrapper = join(sshd.dir, 'ssh-failing-starts');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nif [ -e '${flag}' ]; then echo 'mux_client_request_session: read from master failed: Broken pipe' >&2; exit 255; fi\nexec ssh "$@"\n`,
      { mode: 0o755 },
    );
    const x = await McpHarness.start({
      socket: tmux.socket,
      config: remoteConfig(sshd, { hosts: [host], sshBin: wrapper, engine: 'exec' }),
    });
    harnesses.push(x);
    expect((await x.ok<{ result: unknown[] }>('list_sessions', { host })).result).toHaveLength(1);
    writeFileSync(flag, '');
    try {
      const r = await x.call('list_sessions', { host });
      expect(r.isError).toBe(true);
      expect(firstLine(r)).toBe(LOST(host));
      expect(r._meta).toMatchObject({ error_type: 'HostConnectionLost', expected: true });
      // Before the connection was up, the same failure is the host's: unreachable, in ssh's words.
      const fresh = await McpHarness.start({
        socket: tmux.socket,
        config: remoteConfig(sshd, { hosts: [host], sshBin: wrapper, engine: 'exec' }),
      });
      harnesses.push(fresh);
      const u = await fresh.call('list_sessions', { host });
      expect(firstLine(u)).toBe(`Host '${host}' is unreachable: mux_client_request_session: read from master failed: Broken pipe`);
    } finally {
      rmSync(flag, { force: true });
    }
    expect((await x.ok<{ result: unknown[] }>('list_sessions', { host })).result).toHaveLength(1);
  });

  describe('a connection dropped under calls in flight (docs/reference/errors.md#remote-host-errors)', () => {
    it.each([
      ['wait_for_text', (pane: string) => ({ pane_id: pane, patterns: ['never-printed-here'], timeout: 25 })],
      ['wait_for_idle', (pane: string) => ({ pane_id: pane, idle_seconds: 20, timeout: 25 })],
    ])('%s with nothing happening in the pane ends with "Connection … was lost", not at its timeout', async (tool, args) => {
      const pane = await readyPane(tmux, 'main');
      let dropped: ReturnType<typeof dropConnections> | undefined;
      const r = await h.call(tool, { host, ...args(pane) }, { onprogress: () => void (dropped ??= dropConnections()) });
      expect(dropped).toBeDefined();
      expect((await dropped!).victims.length).toBeGreaterThan(0);
      // A result (found: false / idle) would mean the wait ran on to its timeout without noticing.
      expect(r.isError).toBe(true);
      expect(firstLine(r)).toBe(LOST(host));
      await (await dropped!).noticed();
      expect((await h.ok<{ result: unknown[] }>('list_sessions', { host })).result).toHaveLength(1);
    });

    it('a connection dropped while idle: the next call simply reconnects', async () => {
      const before = await h.ok<{ result: unknown[] }>('list_sessions', { host });
      const drop = await dropConnections();
      expect(drop.victims.length).toBeGreaterThan(0);
      await drop.noticed();
      expect(await h.ok('list_sessions', { host })).toEqual(before);
      const pane = tmux.tmux('display-message', '-p', '-t', 'main', '#{pane_id}');
      expect(await h.ok('display_message', { host, pane_id: pane, format_string: '#{pane_id}' })).toEqual({ result: pane });
    });

    it('wait_for_channel fails with "Connection … was lost", its remote wait-for ends, the next call reconnects', async () => {
      const c = token('drop');
      const waiting = h.call('wait_for_channel', { host, channel: c, timeout: 20 });
      await until(
        () => waitForProcesses(tmux.socket, c).length,
        (k) => k > 0,
        'remote wait-for running',
      );
      const drop = await dropConnections();
      expect(drop.victims.length).toBeGreaterThan(0);
      const r = await waiting;
      expect(r.isError).toBe(true);
      expect(firstLine(r)).toBe(LOST(host));
      expect(r._meta).toMatchObject({ error_type: 'HostConnectionLost', expected: true });
      await until(
        () => waitForProcesses(tmux.socket, c),
        (pids) => pids.length === 0,
        'remote wait-for ended with its connection',
      );
      await drop.noticed();
      expect((await h.ok<{ result: unknown[] }>('list_sessions', { host })).result).toHaveLength(1);
    });

    it('run_command fails with "Connection … was lost"; the next call reconnects', async () => {
      const pane = await readyPane(tmux, 'main');
      const gate = token('gate');
      // The command blocks on a channel; run_command's own waiter is a `wait-for -- r_<id>` on our socket.
      const running = h.call('run_command', { host, pane_id: pane, command: `tmux wait-for ${gate}`, timeout: 20 });
      const waiter = () =>
        processes().filter(
          (p) =>
            p.argv.includes(tmux.socket) &&
            p.argv.includes('wait-for') &&
            /^r_[0-9a-f]+$/.test(p.argv[p.argv.indexOf('wait-for') + 2] ?? ''),
        );
      // In band (control engine) the run holds no waiter: its command started instead.
      await until(
        () => (followsInBand ? Number(runStarted(tmux.tmux('show-options', '-p', '-t', pane))) : waiter().length),
        (k) => k > 0,
        'run_command waiter running',
      );
      const drop = await dropConnections();
      const r = await running;
      expect(r.isError).toBe(true);
      expect(firstLine(r)).toBe(LOST(host));
      // The run's record says the connection was lost and keeps its last state (docs/reference/tools.md#runs);
      // wait_for_run answers that loss.
      const runs = JSON.parse(((await h.client.readResource({ uri: 'tmux://runs' })).contents[0] as { text: string }).text) as {
        run_id: string;
        pane_id: string;
        state: string;
        error: string | null;
      }[];
      const rec = runs.find((x) => x.pane_id === pane && x.error !== null);
      expect(rec).toMatchObject({ state: 'running', error: LOST(host) });
      const again = await h.call('wait_for_run', { run_id: rec!.run_id });
      expect(again.isError).toBe(true);
      expect(firstLine(again)).toBe(LOST(host));
      tmux.tmux('wait-for', '-S', gate);
      await drop.noticed();
      const next = await h.ok<{ exit_status: number; output: string[] }>('run_command', {
        host,
        pane_id: pane,
        command: 'echo back-$((1+1))',
      });
      expect(next).toMatchObject({ exit_status: 0, output: ['back-2'] });
    });

    it('wait_for_text fails with "Connection … was lost" on both engines, even when the pattern appears after the drop (docs/reference/engine.md#connection-loss)', async () => {
      const pane = await readyPane(tmux, 'main');
      const t = token('AFTER');
      let dropped: ReturnType<typeof dropConnections> | undefined;
      const r = await h.call(
        'wait_for_text',
        { host, pane_id: pane, patterns: [t], timeout: 20 },
        {
          // Armed (entry snapshot taken): drop the connection, then print the pattern.
          onprogress: () => {
            dropped ??= dropConnections().then((drop) => {
              tmux.tmux('send-keys', '-t', pane, '-l', `echo ${t.slice(0, 2)}""${t.slice(2)}`);
              tmux.tmux('send-keys', '-t', pane, 'Enter');
              return drop;
            });
          },
        },
      );
      expect(dropped).toBeDefined();
      const drop = await dropped!;
      expect(drop.victims.length).toBeGreaterThan(0);
      // Polling on subprocesses would reconnect and match: the connection's watcher tells the wait
      // first, on both engines, so the agent learns the connection dropped.
      expect(r.isError).toBe(true);
      expect(firstLine(r)).toBe(LOST(host));
      expect(r._meta).toMatchObject({ error_type: 'HostConnectionLost', expected: true });
      await drop.noticed();
      const cap = await h.ok<{ result: string }>('capture_pane', { host, pane_id: pane });
      expect(cap.result.split('\n')).toContain(t);
    });
  });
});
