/**
 * The server, session, window, option, environment, hook, buffer and batch tools, the resources
 * and completion, each driven through `host` (docs/reference/tools.md#host) against a private
 * tmux server reached over ssh (docs/reference/engine.md#hosts). Every effect is read back from
 * the tmux server itself (the fixture's socket on this machine), not only from the tool's answer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from '../helpers/like';
import { McpHarness } from '../helpers/mcp-harness';
import { SshdFixture } from '../helpers/sshd-fixture';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { describeSsh, remoteConfig, sshdPath, startRemote } from './remote-helpers';

type Row = Record<string, unknown>;

describeSsh('tools through host (docs/reference/tools.md#host)', () => {
  const sshd = sshdPath ? new SshdFixture() : (undefined as unknown as SshdFixture);
  const tmux = new TmuxFixture();
  const throwaway = new TmuxFixture();
  let h: McpHarness;
  let host: string;

  beforeAll(async () => {
    host = await startRemote(sshd, tmux);
    h = await McpHarness.start({ socket: tmux.socket, config: remoteConfig(sshd, { safety: 'destructive' }) });
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    throwaway.kill();
    await sshd?.stop();
  });

  describe('server tools', () => {
    it('list_sessions and get_server_info describe the remote server', async () => {
      const sessions = await h.ok<{ result: Row[] }>('list_sessions', { host });
      expect(sessions.result.map((s) => s.session_name)).toEqual(['main']);
      expect(sessions.result[0].session_id).toBe(tmux.tmux('display-message', '-p', '-t', 'main', '#{session_id}'));
      // The engine's own client (over ssh, under the control engine) stays invisible (docs/reference/engine.md#invisibility).
      expect(sessions.result[0].session_attached).toBe(0);
      const info = await h.ok<Row>('get_server_info', { host });
      expect(info).toEqual({
        is_alive: true,
        socket_name: tmux.socket,
        socket_path: null,
        session_count: 1,
        version: tmux.tmux('display-message', '-p', '#{version}'),
      });
    });

    it('create_session makes the session on the remote server', async () => {
      const s = await h.ok<Row>('create_session', { host, session_name: 'made', x: 80, y: 24 });
      expect(s).toMatchObject({ session_name: 'made', window_count: 1 });
      expect(tmux.tmux('display-message', '-p', '-t', 'made', '#{session_id}')).toBe(s.session_id);
    });

    it('list_servers with host scans the remote socket directory; extra paths are only paths there', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-remote-scan-'));
      const marker = join(dir, 'PWNED');
      try {
        // The extra paths reach the remote scan as quoted positional parameters (docs/reference/tools.md#list_servers).
        const extra = [`$(touch ${marker})`, `'; touch ${marker}; '`, `\`touch ${marker}\``, `${dir}/no such socket`];
        const servers = await h.ok<{ result: Row[] }>('list_servers', { host, extra_socket_paths: extra });
        const ours = servers.result.find((s) => s.socket_name === tmux.socket);
        expect(ours).toMatchObject({ is_alive: true, socket_path: null, session_count: like.any(Number) });
        expect(existsSync(marker)).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('kill_server ends a throwaway remote server', async () => {
      throwaway.start('doomed');
      const r = await h.ok<{ result: string }>('kill_server', { host, socket_name: throwaway.socket });
      expect(r.result).toBe('Server killed successfully');
      expect(() => execFileSync('tmux', ['-L', throwaway.socket, 'has-session'], { stdio: 'ignore' })).toThrow();
      // The server we drive is untouched.
      expect(tmux.tmux('has-session', '-t', 'main')).toBe('');
    });
  });

  describe('session and window tools', () => {
    it('list_windows, rename_session and create_window', async () => {
      tmux.newSession('sess');
      const windows = await h.ok<{ result: Row[] }>('list_windows', { host, session_name: 'sess' });
      expect(windows.result.map((w) => w.window_id)).toEqual([tmux.tmux('display-message', '-p', '-t', 'sess:', '#{window_id}')]);
      const renamed = await h.ok<Row>('rename_session', { host, session_name: 'sess', new_name: 'sess2' });
      expect(renamed.session_name).toBe('sess2');
      expect(tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n')).toContain('sess2');
      const w = await h.ok<Row>('create_window', { host, session_name: 'sess2', window_name: 'second' });
      expect(w).toMatchObject({ window_name: 'second', session_name: 'sess2' });
      expect(tmux.tmux('list-windows', '-t', 'sess2', '-F', '#{window_name}').split('\n')).toContain('second');
    });

    it('list_panes, split_window and select_layout', async () => {
      const sid = tmux.newSession('lay');
      const split = await h.ok<Row>('split_window', { host, session_id: sid });
      const panes = await h.ok<{ result: Row[] }>('list_panes', { host, session_id: sid });
      expect(panes.result.map((p) => p.pane_id)).toEqual(tmux.tmux('list-panes', '-t', sid, '-F', '#{pane_id}').split('\n'));
      expect(panes.result.map((p) => p.pane_id)).toContain(split.pane_id);
      const win = await h.ok<Row>('select_layout', { host, session_id: sid, layout: 'even-horizontal' });
      expect(win.window_layout).toBe(tmux.tmux('display-message', '-p', '-t', `${sid}:`, '#{window_layout}'));
      // Side by side: both panes start at the top.
      expect(tmux.tmux('list-panes', '-t', sid, '-F', '#{pane_top}').split('\n')).toEqual(['0', '0']);
    });
  });

  describe('options, environment and hooks', () => {
    it('set_option / show_option', async () => {
      expect(await h.ok('set_option', { host, option: '@remote-opt', value: 'on the far side', global_: true })).toMatchObject({
        status: 'set',
      });
      expect(tmux.tmux('show-option', '-gv', '@remote-opt')).toBe('on the far side');
      expect(await h.ok('show_option', { host, option: '@remote-opt', global_: true })).toEqual({
        option: '@remote-opt',
        value: 'on the far side',
      });
    });

    it('set_environment / show_environment', async () => {
      await h.ok('set_environment', { host, name: 'REMOTE_VAR', value: 'remote value' });
      expect(tmux.tmux('show-environment', '-g', 'REMOTE_VAR')).toBe('REMOTE_VAR=remote value');
      const env = await h.ok<{ variables: Record<string, string> }>('show_environment', { host });
      expect(env.variables.REMOTE_VAR).toBe('remote value');
    });

    it('show_hooks lists the remote server hooks', async () => {
      tmux.tmux('set-hook', '-g', 'session-renamed[7]', 'display-message remote-hook');
      const r = await h.ok<{ entries: Row[] }>('show_hooks', { host, global_: true });
      expect(r.entries).toContainEqual({ hook_name: 'session-renamed', index: 7, command: 'display-message remote-hook' });
    });
  });

  describe('buffers', () => {
    it('load_buffer (a NUL byte included), show_buffer, paste_buffer, delete_buffer', async () => {
      const content = 'buf\u0000fer\nline two\n';
      const ref = await h.ok<{ buffer_name: string }>('load_buffer', { host, content, logical_name: 'remote' });
      // The bytes reached the remote tmux on ssh's stdin, unchanged.
      expect(execFileSync('tmux', ['-L', tmux.socket, 'show-buffer', '-b', ref.buffer_name], { encoding: 'latin1' })).toBe(content);
      expect(await h.ok('show_buffer', { host, buffer_name: ref.buffer_name })).toMatchObject({ content });

      const text = 'pasted-from-buffer';
      const pasteRef = await h.ok<{ buffer_name: string }>('load_buffer', { host, content: text });
      const pane = tmux.tmux('new-window', '-d', '-t', 'main:', '-P', '-F', '#{pane_id}', 'cat');
      await h.ok('paste_buffer', { host, buffer_name: pasteRef.buffer_name, pane_id: pane, bracket: false });
      await expect(pollScreen(tmux, pane, (s) => s.includes(text))).resolves.toContain(text);

      await h.ok('delete_buffer', { host, buffer_name: ref.buffer_name });
      const left = tmux.tmux('list-buffers', '-F', '#{buffer_name}').split('\n');
      expect(left).not.toContain(ref.buffer_name);
    });
  });

  describe('batch', () => {
    it('call_readonly_tools_batch runs nested calls with their own host', async () => {
      const r = await h.ok<{ succeeded: number; results: { success: boolean; structured_content: { result: Row[] } }[] }>(
        'call_readonly_tools_batch',
        {
          operations: [
            { tool: 'list_sessions', arguments: { host } },
            { tool: 'list_windows', arguments: { host, session_name: 'main' } },
          ],
        },
      );
      expect(r.succeeded).toBe(2);
      expect(r.results[0].structured_content.result.map((s) => s.session_name)).toContain('main');
      expect(r.results[1].structured_content.result[0].window_id).toBe(tmux.tmux('display-message', '-p', '-t', 'main:0', '#{window_id}'));
    });
  });

  describe('resources and completion (docs/reference/resources-and-prompts.md)', () => {
    it('reads tmux://sessions?host=… from the remote server', async () => {
      const c = (await h.client.readResource({ uri: `tmux://sessions?host=${host}` })).contents[0] as { text: string };
      const names = (JSON.parse(c.text) as Row[]).map((s) => s.session_name);
      expect(names).toEqual(tmux.tmux('list-sessions', '-F', '#{session_name}').split('\n'));
    });

    it('completes host, and session_name with host in the context', async () => {
      const hostDone = await h.client.complete({
        ref: { type: 'ref/resource', uri: 'tmux://sessions{?socket_name,host}' },
        argument: { name: 'host', value: '' },
      });
      expect(hostDone.completion.values).toEqual(['local', host]);
      const names = await h.client.complete({
        ref: { type: 'ref/resource', uri: 'tmux://sessions/{session_name}{?socket_name,host}' },
        argument: { name: 'session_name', value: 'ma' },
        context: { arguments: { host } },
      });
      expect(names.completion.values).toEqual(['made', 'main']);
    });
  });
});

/** Re-reads a pane's screen until it satisfies `ok` (bounded). */
async function pollScreen(tmux: TmuxFixture, pane: string, ok: (s: string) => boolean): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const s = tmux.tmux('capture-pane', '-p', '-J', '-t', pane);
    if (ok(s)) return s;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`pane ${pane} never showed the expected text`);
}
