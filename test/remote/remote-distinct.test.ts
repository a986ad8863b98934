/**
 * A host is that host, for every process a call starts (docs/reference/engine.md#hosts): the
 * "remote" tmux server here is distinct from the local one under the SAME socket name (its own
 * TMUX_TMPDIR behind a TMUX_MCP_REMOTE_TMUX_BIN wrapper, reached over the loopback sshd), so a
 * call that starts tmux on this machine instead of the host reaches the local server. Every
 * tool that takes `host`, the three batch tools and the resource templates are called on the
 * remote; the remote changes where the call mutates, and the local server stays exactly as it
 * was (its whole state read before and after). Oracles for processes that change nothing: the
 * local tmux binary is a spy that logs each run, and the remote wrapper run outside the remote
 * machine logs the run (and reaches the local server, as `tmux` would). kill_server with host
 * once killed the LOCAL server, also through call_destructive_tools_batch and past the
 * self-kill guard.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../src/config/server-config';
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { DistinctRemoteTmux, serverState, spyTmuxBin } from './distinct-remote.fixture';
import { agentBuffer, DISTINCT_CALLS, REMOTE_TEXT, SHARED_BUFFERS, type CallContext } from './remote-distinct.calls';
import { describeSsh, remoteConfig, sshdPath, until } from './remote-helpers';

type Row = Record<string, unknown>;
type BatchResult = { succeeded: number; failed: number; results: { success: boolean; error?: string; structured_content: Row }[] };

const SLOW = 240_000;
const lines = (s: string): string[] => (s === '' ? [] : s.split('\n'));

describeSsh('E1: a call with host runs on that host and nowhere else (docs/reference/engine.md#hosts)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const local = new TmuxFixture();
  const local2 = new TmuxFixture();
  const remote = new DistinctRemoteTmux(local.socket);
  const remote2 = new DistinctRemoteTmux(local2.socket, remote);
  const spyDir = mkdtempSync(join(tmpdir(), 'tmux-mcp-spy-'));
  const spy = spyTmuxBin(spyDir);
  const localChannel = 'e1-local-channel';
  const harnesses: McpHarness[] = [];
  let localWaiter: ChildProcess;
  let host: string;
  let reader: string;
  let before: Record<string, unknown>;
  let before2: Record<string, unknown>;
  let h: McpHarness;

  const start = async (extra: Partial<ServerConfig> = {}): Promise<McpHarness> => {
    const harness = await McpHarness.start({
      socket: local.socket,
      config: remoteConfig(sshd, { safety: 'destructive', tmuxBin: spy.bin, remoteTmuxBin: remote.bin, ...extra }),
    });
    harnesses.push(harness);
    spy.clear(); // start-up's own `tmux -V` is not a call
    return harness;
  };

  const localTmux = (...args: string[]) => local.tmux(...args);
  /** The local server is as it was, its `wait-for` still blocked, and no local tmux ran. */
  const expectLocalUntouched = () => {
    expect(spy.calls()).toEqual([]);
    expect(remote.strayRuns()).toEqual([]);
    expect(serverState(localTmux)).toEqual(before);
    expect(serverState((...a) => local2.tmux(...a))).toEqual(before2);
    expect([localWaiter.exitCode, localWaiter.signalCode]).toEqual([null, null]);
  };

  /** A local server of several sessions, windows and panes (ids that the remote's overlap), frozen names. */
  const buildLocal = (fixture: TmuxFixture) => {
    fixture.start('lmain');
    fixture.tmux('set-option', '-g', 'default-shell', '/bin/sh');
    for (const s of ['lsecond', 'lthird', 'lfourth']) fixture.newSession(s);
    for (const s of ['lmain', 'lsecond', 'lthird', 'lfourth'])
      for (let i = 0; i < 2; i++) fixture.tmux('new-window', '-d', '-t', `${s}:`, 'sh');
    for (const w of lines(fixture.tmux('list-windows', '-a', '-F', '#{window_id}'))) {
      fixture.tmux('split-window', '-d', '-t', w, 'sh');
      // rename-window also turns automatic-rename off: tmux's own timer never changes a name.
      fixture.tmux('rename-window', '-t', w, `l${w.slice(1)}`);
    }
    fixture.tmux('set-option', '-g', '@side', 'local');
    fixture.tmux('set-option', '-t', 'lmain', '@session-side', 'local');
    fixture.tmux('set-option', '-w', '-t', 'lmain:0', '@window-side', 'local');
    fixture.tmux('set-option', '-p', '-t', 'lmain:0.0', '@pane-side', 'local');
    fixture.tmux('set-environment', '-g', 'SIDE', 'local');
    fixture.tmux('set-environment', '-t', 'lmain', 'SESSION_SIDE', 'local');
    // The buffer names the remote calls use, so a call that went astray would change these.
    for (const b of SHARED_BUFFERS) fixture.tmux('set-buffer', '-b', b, `local ${b}`);
    fixture.tmux('set-hook', '-g', 'session-renamed[3]', 'display-message local-hook');
    fixture.tmux('set-hook', '-t', 'lmain', 'window-renamed[1]', 'display-message local-session-hook');
  };

  beforeAll(async () => {
    await sshd.start();
    host = sshd.host;
    remote.install(sshd.port);
    buildLocal(local);
    local2.start('lother');
    local2.tmux('rename-window', '-t', 'lother:0', 'lother-window'); // frozen, as in buildLocal
    remote.start('rmain');
    remote.tmux('set-option', '-g', '@side', 'remote');
    remote.tmux('set-environment', '-g', 'SIDE', 'remote');
    remote.tmux('set-buffer', '-b', agentBuffer('side'), 'remote buffer');
    remote.tmux('set-hook', '-g', 'session-renamed[3]', 'display-message remote-hook');
    reader = remote.tmux('new-window', '-d', '-t', 'rmain:', '-P', '-F', '#{pane_id}', `printf '%s\\n' ${REMOTE_TEXT}; exec cat`);
    await until(
      () => remote.tmux('capture-pane', '-p', '-t', reader),
      (s) => s.includes(REMOTE_TEXT),
      'the remote reader pane printed',
    );
    remote2.start('rother');
    // A local client blocked on a channel: a signal sent here instead of the remote would end it.
    localWaiter = spawn('tmux', ['-L', local.socket, '-f', '/dev/null', 'wait-for', localChannel], { stdio: 'ignore' });
    // Distinct under the same names: different servers, different socket files.
    expect(remote.tmux('display-message', '-p', '#{pid}')).not.toBe(local.tmux('display-message', '-p', '#{pid}'));
    expect(remote.tmux('display-message', '-p', '#{socket_path}')).toBe(remote.socketPath);
    before = serverState(localTmux);
    before2 = serverState((...a) => local2.tmux(...a));
    h = await start();
  }, SLOW);

  afterAll(async () => {
    for (const x of harnesses) await x.close().catch(() => undefined);
    if (localWaiter && localWaiter.exitCode === null && localWaiter.signalCode === null) localWaiter.kill('SIGKILL');
    local.kill();
    local2.kill();
    remote2.cleanup();
    remote.cleanup();
    await sshd?.stop();
    rmSync(spyDir, { recursive: true, force: true });
  });

  const context = (tool: string): CallContext => ({
    host,
    remote,
    reader,
    localChannel,
    call: (args) => h.ok(tool, { host, ...args }),
  });

  it(
    'every tool that takes host acts on the remote server (a table entry per tool), never on the local one',
    async () => {
      const { tools } = await h.client.listTools();
      const hostTools = tools.filter((t) => 'host' in (t.inputSchema.properties ?? {})).map((t) => t.name);
      // A tool with host and no entry in DISTINCT_CALLS fails here: add its call, do not skip it.
      expect(hostTools.filter((t) => !(t in DISTINCT_CALLS))).toEqual([]);
      expect(Object.keys(DISTINCT_CALLS).filter((t) => !hostTools.includes(t))).toEqual([]);
      const failures: string[] = [];
      // kill_server goes last, in its own test.
      for (const tool of hostTools.filter((t) => t !== 'kill_server')) {
        try {
          await DISTINCT_CALLS[tool].run(context(tool));
        } catch (err) {
          failures.push(`${tool}: ${(err as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
      expectLocalUntouched();
    },
    SLOW,
  );

  it(
    'the batch tools run their host operations on the remote; the destructive batch kill_server ends the remote server only',
    async () => {
      const readonly = await h.ok<BatchResult>('call_readonly_tools_batch', {
        operations: [
          { tool: 'list_sessions', arguments: { host } },
          { tool: 'get_pane_info', arguments: { host, pane_id: reader } },
          { tool: 'show_option', arguments: { host, option: '@side', global_: true } },
          { tool: 'capture_pane', arguments: { host, pane_id: reader } },
        ],
      });
      expect(readonly.results.map((r) => r.error ?? null)).toEqual([null, null, null, null]);
      expect((readonly.results[0].structured_content.result as Row[]).map((s) => s.session_name)).toEqual(
        lines(remote.tmux('list-sessions', '-F', '#{session_name}')),
      );
      expect(readonly.results[1].structured_content.pane_pid).toBe(
        Number(remote.tmux('display-message', '-p', '-t', reader, '#{pane_pid}')),
      );
      expect(readonly.results[2].structured_content.value).toBe('remote');
      expect(JSON.stringify(readonly.results[3].structured_content)).toContain(REMOTE_TEXT);

      const win = remote.tmux('new-window', '-d', '-t', 'rmain:', '-P', '-F', '#{window_id}', 'sh');
      const mutating = await h.ok<BatchResult>('call_mutating_tools_batch', {
        operations: [
          { tool: 'rename_window', arguments: { host, window_id: win, new_name: 'r-batch-renamed' } },
          { tool: 'set_option', arguments: { host, option: '@r-batch', value: 'batch', global_: true } },
          { tool: 'set_environment', arguments: { host, name: 'R_BATCH', value: 'batch' } },
        ],
      });
      expect(mutating.results.map((r) => r.error ?? null)).toEqual([null, null, null]);
      expect(remote.tmux('display-message', '-p', '-t', win, '#{window_name}')).toBe('r-batch-renamed');
      expect(remote.tmux('show-option', '-gv', '@r-batch')).toBe('batch');
      expect(remote.tmux('show-environment', '-g', 'R_BATCH')).toBe('R_BATCH=batch');

      const [w2, p2] = remote.tmux('new-window', '-d', '-t', 'rmain:', '-P', '-F', '#{window_id} #{pane_id}', 'sh').split(' ');
      const pane = remote.tmux('split-window', '-d', '-t', p2, '-P', '-F', '#{pane_id}', 'sh');
      const w3 = remote.tmux('new-window', '-d', '-t', 'rmain:', '-P', '-F', '#{window_id}', 'sh');
      remote.tmux('new-session', '-d', '-s', 'r-batch-doomed', 'sh');
      const destructive = await h.ok<BatchResult>('call_destructive_tools_batch', {
        operations: [
          { tool: 'kill_pane', arguments: { host, pane_id: pane } },
          { tool: 'kill_window', arguments: { host, window_id: w3 } },
          { tool: 'kill_session', arguments: { host, session_name: 'r-batch-doomed' } },
          { tool: 'kill_server', arguments: { host, socket_name: remote2.socket } },
        ],
      });
      expect(destructive.results.map((r) => r.error ?? null)).toEqual([null, null, null, null]);
      expect(lines(remote.tmux('list-panes', '-a', '-F', '#{pane_id}'))).not.toContain(pane);
      expect(lines(remote.tmux('list-windows', '-a', '-F', '#{window_id}'))).toEqual(expect.arrayContaining([w2]));
      expect(lines(remote.tmux('list-windows', '-a', '-F', '#{window_id}'))).not.toContain(w3);
      expect(lines(remote.tmux('list-sessions', '-F', '#{session_name}'))).not.toContain('r-batch-doomed');
      // The remote server of that socket name is gone; the local server of the same name lives on.
      expect(remote2.alive()).toBe(false);
      expectLocalUntouched();
    },
    SLOW,
  );

  it(
    'every resource template read with ?host= reads the remote server (docs/reference/resources-and-prompts.md#resource-templates)',
    async () => {
      const q = `?host=${host}`;
      const pane = encodeURIComponent(reader);
      const fmt = (target: string, f: string) => remote.tmux('display-message', '-p', '-t', target, f);
      const json = (text: string) => JSON.parse(text) as Row & Row[];
      const reads: Record<string, [string, (text: string) => void]> = {
        get_sessions: [
          `tmux://sessions${q}`,
          (t) => expect(json(t).map((s) => s.session_name)).toEqual(lines(remote.tmux('list-sessions', '-F', '#{session_name}'))),
        ],
        get_session: [`tmux://sessions/rmain${q}`, (t) => expect(json(t).session_id).toBe(fmt('rmain', '#{session_id}'))],
        get_session_windows: [
          `tmux://sessions/rmain/windows${q}`,
          (t) => expect(json(t).map((w) => w.window_id)).toEqual(lines(remote.tmux('list-windows', '-t', 'rmain', '-F', '#{window_id}'))),
        ],
        get_window: [`tmux://sessions/rmain/windows/0${q}`, (t) => expect(json(t).window_id).toBe(fmt('rmain:0', '#{window_id}'))],
        get_pane: [`tmux://panes/${pane}${q}`, (t) => expect(json(t).pane_pid).toBe(Number(fmt(reader, '#{pane_pid}')))],
        get_pane_content: [`tmux://panes/${pane}/content${q}`, (t) => expect(t).toContain(REMOTE_TEXT)],
      };
      // A run names its host itself (docs/reference/resources-and-prompts.md#runs): one started with
      // host is read back from its record, with the remote pane's output.
      const runPane = remote.tmux('new-window', '-d', '-P', '-F', '#{pane_id}', '-t', 'rmain:', 'sh');
      await until(
        () => remote.tmux('capture-pane', '-p', '-t', runPane).trimEnd(),
        (s) => /[$#]$/.test(s),
        'a prompt in the remote run pane',
      );
      const ran = await h.ok<{ run_id: string }>('run_command', { host, pane_id: runPane, command: 'echo remote-run-$((6*7))' });
      reads.get_run = [
        `tmux://runs/${ran.run_id}`,
        (t) => expect(json(t)).toMatchObject({ pane_id: runPane, state: 'finished', exit_status: 0, output: ['remote-run-42'] }),
      ];
      const { resourceTemplates } = await h.client.listResourceTemplates();
      // A template with no read here fails: every template of the tmux hierarchy takes ?host=.
      expect(resourceTemplates.map((t) => t.name).sort()).toEqual(Object.keys(reads).sort());
      expect(resourceTemplates.filter((t) => !t.uriTemplate.endsWith('{?socket_name,host}')).map((t) => t.name)).toEqual(['get_run']);
      for (const [uri, check] of Object.values(reads)) {
        const c = (await h.client.readResource({ uri })).contents[0] as { text: string };
        check(c.text);
      }
      // Completions follow host too: only the remote's session names (the local ones start with l).
      const done = await h.client.complete({
        ref: { type: 'ref/resource', uri: 'tmux://sessions/{session_name}{?socket_name,host}' },
        argument: { name: 'session_name', value: 'r' },
        context: { arguments: { host } },
      });
      expect(done.completion.values).toContain('rmain');
      expectLocalUntouched();
    },
    SLOW,
  );

  it(
    'kill_server with host ends the remote server and leaves the local one of the same name alive; shutdown touches nothing local',
    async () => {
      await DISTINCT_CALLS.kill_server.run(context('kill_server'));
      expectLocalUntouched();
      await h.close();
      harnesses.splice(harnesses.indexOf(h), 1);
      expectLocalUntouched();
    },
    SLOW,
  );

  it(
    'self-kill guard: with the caller inside the local server, kill_server {host, socket_name} kills the remote, not the caller (docs/reference/safety.md#remote-hosts)',
    async () => {
      if (!remote.alive()) remote.start('rmain'); // the test before killed it
      const callerPane = local.tmux('display-message', '-p', '-t', 'lmain:0.0', '#{pane_id}');
      const [socketPath, pid, session] = local
        .tmux('display-message', '-p', '-t', callerPane, '#{socket_path}|#{pid}|#{session_id}')
        .split('|');
      const guarded = await start({ tmuxEnv: `${socketPath},${pid},${session.slice(1)}`, tmuxPane: callerPane });
      await guarded.ok('kill_server', { host, socket_name: local.socket });
      expect(remote.alive()).toBe(false);
      expectLocalUntouched();
      // Control: the same call without host names the caller's own server and is refused.
      expect((await guarded.err('kill_server', { socket_name: local.socket })).text).toMatch(/^Refusing to kill the tmux server/);
      expect(local.tmux('display-message', '-p', '#{pid}')).toBe(pid);
    },
    SLOW,
  );
});
