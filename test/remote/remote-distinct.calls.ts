/**
 * One call per tool that takes `host` (docs/reference/tools.md#host), aimed at objects of the
 * distinct "remote" server, with what that call must have done there (read back through the
 * remote server's own tmux). A tool the server lists with a `host` parameter and no entry here
 * fails test/remote/remote-distinct.test.ts: every new host-taking tool gets its entry.
 */
import { until } from '../helpers/poll';
import type { DistinctRemoteTmux } from './distinct-remote.fixture';
import { waitForProcesses } from './remote-helpers';

type Row = Record<string, unknown>;

export interface CallContext {
  readonly host: string;
  readonly remote: DistinctRemoteTmux;
  /** A remote pane that printed REMOTE_TEXT and then waits in `cat`. */
  readonly reader: string;
  /** The channel a local `wait-for` is blocked on (a remote signal must not end it). */
  readonly localChannel: string;
  /** Calls the tool (host added) and returns its structured result, failing on isError. */
  readonly call: (args: Row) => Promise<Row>;
}

export interface DistinctCall {
  /** Runs the call (prepares remote objects first) and checks its effect on the remote server. */
  run(c: CallContext): Promise<void>;
}

export const REMOTE_TEXT = 'remote-only-text';

/**
 * An agent buffer name (the buffer tools accept only that form, docs/reference/engine.md#buffer-names);
 * the local server holds buffers of the same names, so a call gone astray would change them.
 */
export const agentBuffer = (logical: string): string => `tmux_mcp_0123456789abcdef0123456789abcdef_${logical}`;
export const SHARED_BUFFERS = ['side', 'paste', 'del'].map(agentBuffer);

const lines = (s: string): string[] => (s === '' ? [] : s.split('\n'));

/** A new window in `session` of the remote server: [window id, pane id]. */
function newWindow(r: DistinctRemoteTmux, command = 'sh', session = 'rmain'): [string, string] {
  return r.tmux('new-window', '-d', '-t', `${session}:`, '-P', '-F', '#{window_id} #{pane_id}', command).split(' ') as [string, string];
}

/** A second pane beside `pane` (side by side). */
function split(r: DistinctRemoteTmux, pane: string): string {
  return r.tmux('split-window', '-d', '-h', '-t', pane, '-P', '-F', '#{pane_id}', 'sh');
}

const fmt = (r: DistinctRemoteTmux, target: string, format: string): string => r.tmux('display-message', '-p', '-t', target, format);
const screen = (r: DistinctRemoteTmux, pane: string): string => r.tmux('capture-pane', '-p', '-J', '-t', pane);
const hasSession = (r: DistinctRemoteTmux, name: string): boolean => lines(r.tmux('list-sessions', '-F', '#{session_name}')).includes(name);

/** A remote sh pane showing its prompt (run_command types only at a prompt). */
async function readyPane(r: DistinctRemoteTmux): Promise<string> {
  const [, pane] = newWindow(r);
  await until(
    () => screen(r, pane).trimEnd(),
    (s) => /[$#]$/.test(s),
    `prompt in remote ${pane}`,
  );
  return pane;
}

/** A remote pane running cat (what is pasted or sent shows on its screen). */
function catPane(r: DistinctRemoteTmux): string {
  return newWindow(r, 'cat')[1];
}

const shows = (r: DistinctRemoteTmux, pane: string, text: string) =>
  until(
    () => screen(r, pane),
    (s) => s.includes(text),
    `${text} on remote ${pane}`,
  );

/** Plain calls: arguments (after preparing remote objects), then the check of the result and the remote. */
function plain<T>(
  prepare: (c: CallContext) => T | Promise<T>,
  args: (p: T, c: CallContext) => Row,
  check: (out: Row, p: T, c: CallContext) => unknown,
): DistinctCall {
  return {
    async run(c) {
      const p = await prepare(c);
      const out = await c.call(args(p, c));
      await check(out, p, c);
    },
  };
}
const none = () => undefined;

export const DISTINCT_CALLS: Record<string, DistinctCall> = {
  list_servers: plain(
    none,
    (_p, c) => ({ extra_socket_paths: [c.remote.socketPath] }),
    (out, _p, c) => {
      const rows = out.result as Row[];
      const count = lines(c.remote.tmux('list-sessions')).length;
      // The remote socket given by path, and (probed by name there) the remote server's -L name.
      expect(rows).toContainEqual(expect.objectContaining({ socket_path: c.remote.socketPath, is_alive: true, session_count: count }));
      expect(rows).toContainEqual(expect.objectContaining({ socket_name: c.remote.socket, is_alive: true, session_count: count }));
    },
  ),
  list_sessions: plain(
    none,
    () => ({}),
    (out, _p, c) => {
      expect((out.result as Row[]).map((s) => s.session_name)).toEqual(lines(c.remote.tmux('list-sessions', '-F', '#{session_name}')));
    },
  ),
  create_session: plain(
    none,
    () => ({ session_name: 'r-made', x: 80, y: 24 }),
    (out, _p, c) => {
      expect(out.session_id).toBe(fmt(c.remote, 'r-made', '#{session_id}'));
    },
  ),
  get_server_info: plain(
    none,
    () => ({}),
    (out, _p, c) => {
      expect(out).toMatchObject({
        is_alive: true,
        socket_name: c.remote.socket,
        session_count: lines(c.remote.tmux('list-sessions')).length,
      });
    },
  ),
  list_windows: plain(
    none,
    () => ({ session_name: 'rmain' }),
    (out, _p, c) => {
      expect((out.result as Row[]).map((w) => w.window_id)).toEqual(
        lines(c.remote.tmux('list-windows', '-t', 'rmain', '-F', '#{window_id}')),
      );
    },
  ),
  get_session_info: plain(
    none,
    () => ({ session_name: 'rmain' }),
    (out, _p, c) => {
      expect(out.session_id).toBe(fmt(c.remote, 'rmain', '#{session_id}'));
    },
  ),
  create_window: plain(
    none,
    () => ({ session_name: 'rmain', window_name: 'r-created' }),
    (out, _p, c) => {
      expect(fmt(c.remote, String(out.window_id), '#{window_name}')).toBe('r-created');
    },
  ),
  rename_session: plain(
    (c) => c.remote.tmux('new-session', '-d', '-s', 'r-ren', 'sh'),
    () => ({ session_name: 'r-ren', new_name: 'r-renamed' }),
    (_out, _p, c) => {
      expect(hasSession(c.remote, 'r-renamed')).toBe(true);
      expect(hasSession(c.remote, 'r-ren')).toBe(false);
    },
  ),
  kill_session: plain(
    (c) => c.remote.tmux('new-session', '-d', '-s', 'r-doomed', 'sh'),
    () => ({ session_name: 'r-doomed' }),
    (_out, _p, c) => expect(hasSession(c.remote, 'r-doomed')).toBe(false),
  ),
  select_window: plain(
    (c) => {
      c.remote.tmux('new-session', '-d', '-s', 'r-sel', 'sh');
      return newWindow(c.remote, 'sh', 'r-sel')[0];
    },
    () => ({ session_name: 'r-sel', window_index: 1 }),
    (_out, w, c) => expect(fmt(c.remote, w, '#{window_active}')).toBe('1'),
  ),
  list_panes: plain(
    none,
    () => ({ session_name: 'rmain' }),
    (out, _p, c) => {
      expect((out.result as Row[]).map((p) => p.pane_id)).toEqual(
        lines(c.remote.tmux('list-panes', '-s', '-t', 'rmain', '-F', '#{pane_id}')),
      );
    },
  ),
  get_window_info: plain(
    none,
    () => ({ session_name: 'rmain', window_index: 0 }),
    (out, _p, c) => {
      expect(out.window_id).toBe(fmt(c.remote, 'rmain:0', '#{window_id}'));
    },
  ),
  split_window: plain(
    (c) => newWindow(c.remote)[0],
    (w) => ({ window_id: w }),
    (out, w, c) => expect(lines(c.remote.tmux('list-panes', '-t', w, '-F', '#{pane_id}'))).toContain(out.pane_id),
  ),
  rename_window: plain(
    (c) => newWindow(c.remote)[0],
    (w) => ({ window_id: w, new_name: 'r-renamed-window' }),
    (_out, w, c) => expect(fmt(c.remote, w, '#{window_name}')).toBe('r-renamed-window'),
  ),
  kill_window: plain(
    (c) => newWindow(c.remote)[0],
    (w) => ({ window_id: w }),
    (_out, w, c) => expect(lines(c.remote.tmux('list-windows', '-a', '-F', '#{window_id}'))).not.toContain(w),
  ),
  select_layout: plain(
    (c) => {
      const [w, p] = newWindow(c.remote);
      c.remote.tmux('split-window', '-d', '-v', '-t', p, 'sh');
      return w;
    },
    (w) => ({ window_id: w, layout: 'even-horizontal' }),
    (_out, w, c) => expect(lines(c.remote.tmux('list-panes', '-t', w, '-F', '#{pane_top}'))).toEqual(['0', '0']),
  ),
  resize_window: plain(
    (c) => newWindow(c.remote)[0],
    (w) => ({ window_id: w, width: 100, height: 30 }),
    (_out, w, c) => expect(fmt(c.remote, w, '#{window_width}x#{window_height}')).toBe('100x30'),
  ),
  move_window: plain(
    (c) => {
      c.remote.tmux('new-session', '-d', '-s', 'r-dest', 'sh');
      return newWindow(c.remote)[0];
    },
    (w) => ({ window_id: w, destination_session: 'r-dest' }),
    (_out, w, c) => expect(fmt(c.remote, w, '#{session_name}')).toBe('r-dest'),
  ),
  send_keys: plain(
    (c) => readyPane(c.remote),
    (p) => ({ pane_id: p, keys: 'echo r-sent-$((6*7))' }),
    (_out, p, c) => shows(c.remote, p, 'r-sent-42'),
  ),
  send_keys_batch: plain(
    (c) => readyPane(c.remote),
    (p) => ({ operations: [{ pane_id: p, keys: 'echo r-batch-$((7*7))' }] }),
    (_out, p, c) => shows(c.remote, p, 'r-batch-49'),
  ),
  run_command: plain(
    (c) => readyPane(c.remote),
    (p) => ({ pane_id: p, command: 'echo r-run-$((5*5))', timeout: 20 }),
    (out) => expect(JSON.stringify(out)).toContain('r-run-25'),
  ),
  capture_pane: plain(
    none,
    (_p, c) => ({ pane_id: c.reader }),
    (out) => expect(JSON.stringify(out)).toContain(REMOTE_TEXT),
  ),
  capture_since: plain(
    none,
    (_p, c) => ({ pane_id: c.reader }),
    (out) => expect(JSON.stringify(out)).toContain(REMOTE_TEXT),
  ),
  resize_pane: plain(
    (c) => split(c.remote, newWindow(c.remote)[1]),
    (p) => ({ pane_id: p, width: 30 }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{pane_width}')).toBe('30'),
  ),
  kill_pane: plain(
    (c) => split(c.remote, newWindow(c.remote)[1]),
    (p) => ({ pane_id: p }),
    (_out, p, c) => expect(lines(c.remote.tmux('list-panes', '-a', '-F', '#{pane_id}'))).not.toContain(p),
  ),
  respawn_pane: plain(
    (c) => {
      const p = newWindow(c.remote)[1];
      return { p, pid: fmt(c.remote, p, '#{pane_pid}') };
    },
    ({ p }) => ({ pane_id: p, kill: true, shell: 'sh' }),
    (_out, { p, pid }, c) => expect(fmt(c.remote, p, '#{pane_pid}')).not.toBe(pid),
  ),
  set_pane_title: plain(
    (c) => newWindow(c.remote)[1],
    (p) => ({ pane_id: p, title: 'r-title' }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{pane_title}')).toBe('r-title'),
  ),
  get_pane_info: plain(
    none,
    (_p, c) => ({ pane_id: c.reader }),
    (out, _p, c) => {
      expect(out.pane_pid).toBe(Number(fmt(c.remote, c.reader, '#{pane_pid}')));
    },
  ),
  find_pane_by_position: plain(
    (c) => {
      const [w, p] = newWindow(c.remote);
      split(c.remote, p);
      return { w, p };
    },
    ({ w }) => ({ window_id: w, corner: 'top-left' }),
    (out, { p }) => expect(out.pane_id).toBe(p),
  ),
  clear_pane: plain(
    async (c) => {
      const p = newWindow(c.remote, 'seq 1 200; exec cat')[1];
      await until(
        () => Number(fmt(c.remote, p, '#{history_size}')),
        (n) => n > 0,
        'remote history',
      );
      return p;
    },
    (p) => ({ pane_id: p }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{history_size}')).toBe('0'),
  ),
  search_panes: plain(
    none,
    () => ({ pattern: REMOTE_TEXT }),
    (out, _p, c) => expect(JSON.stringify(out)).toContain(`"${c.reader}"`),
  ),
  wait_for_text: {
    // Text already on screen at entry is stale (docs/reference/tools.md#wait_for_text): lines are
    // typed into the remote pane until the wait sees one, whenever its entry happened.
    async run(c) {
      const p = catPane(c.remote);
      let done = false;
      const pending = c.call({ pane_id: p, patterns: ['r-fresh-\\d+'], regex: true, timeout: 20 }).finally(() => (done = true));
      for (let i = 0; !done && i < 400; i++) {
        c.remote.tmux('send-keys', '-t', p, `r-fresh-${i}`, 'Enter');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await pending).toMatchObject({ found: true, pane_id: p });
    },
  },
  wait_for_idle: plain(
    none,
    (_p, c) => ({ pane_id: c.reader, idle_seconds: 0.5, timeout: 15 }),
    (out) => expect(JSON.stringify(out)).toContain(REMOTE_TEXT),
  ),
  snapshot_pane: plain(
    none,
    (_p, c) => ({ pane_id: c.reader }),
    (out) => expect(JSON.stringify(out)).toContain(REMOTE_TEXT),
  ),
  select_pane: plain(
    (c) => {
      const p = newWindow(c.remote)[1];
      c.remote.tmux('split-window', '-h', '-t', p, 'sh'); // without -d: the new pane is active
      return p;
    },
    (p) => ({ pane_id: p }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{pane_active}')).toBe('1'),
  ),
  swap_pane: plain(
    (c) => {
      const [w, a] = newWindow(c.remote);
      return { w, a, b: split(c.remote, a) };
    },
    ({ a, b }) => ({ source_pane_id: a, target_pane_id: b }),
    (_out, { w, a, b }, c) => expect(lines(c.remote.tmux('list-panes', '-t', w, '-F', '#{pane_id}'))).toEqual([b, a]),
  ),
  pipe_pane: plain(
    (c) => newWindow(c.remote, 'cat')[1],
    (p, c) => ({ pane_id: p, output_path: `${c.remote.dir}/piped` }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{pane_pipe}')).toBe('1'),
  ),
  display_message: plain(
    none,
    () => ({ format_string: '#{@side}|#{socket_path}' }),
    (out, _p, c) => {
      expect(JSON.stringify(out)).toContain(JSON.stringify(`remote|${c.remote.socketPath}`));
    },
  ),
  enter_copy_mode: plain(
    (c) => newWindow(c.remote)[1],
    (p) => ({ pane_id: p }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{pane_in_mode}')).toBe('1'),
  ),
  exit_copy_mode: plain(
    (c) => {
      const p = newWindow(c.remote)[1];
      c.remote.tmux('copy-mode', '-t', p);
      return p;
    },
    (p) => ({ pane_id: p }),
    (_out, p, c) => expect(fmt(c.remote, p, '#{pane_in_mode}')).toBe('0'),
  ),
  paste_text: plain(
    (c) => catPane(c.remote),
    (p) => ({ pane_id: p, text: 'r-pasted-text', bracket: false }),
    (_out, p, c) => shows(c.remote, p, 'r-pasted-text'),
  ),
  show_option: plain(
    none,
    () => ({ option: '@side', global_: true }),
    (out) => expect(out).toEqual({ option: '@side', value: 'remote' }),
  ),
  set_option: plain(
    none,
    () => ({ option: '@r-set', value: 'set remotely', global_: true }),
    (_out, _p, c) => {
      expect(c.remote.tmux('show-option', '-gv', '@r-set')).toBe('set remotely');
    },
  ),
  show_environment: plain(
    none,
    () => ({}),
    (out) => expect((out.variables as Record<string, string>).SIDE).toBe('remote'),
  ),
  set_environment: plain(
    none,
    () => ({ name: 'R_SET', value: 'set remotely' }),
    (_out, _p, c) => {
      expect(c.remote.tmux('show-environment', '-g', 'R_SET')).toBe('R_SET=set remotely');
    },
  ),
  wait_for_channel: {
    // The blocking wait must run on the remote: only a remote signal ends it (a wait started on
    // this machine would run to its timeout and fail the call).
    async run(c) {
      const channel = 'r-wait-channel';
      const pending = c.call({ channel, timeout: 20 });
      await until(
        () => waitForProcesses(c.remote.socket, channel).length,
        (n) => n > 0,
        'a wait-for process',
      );
      c.remote.tmux('wait-for', '-S', channel);
      expect((await pending).result).toMatch(/was signalled/);
    },
  },
  signal_channel: {
    // The local waiter on the same channel (ctx.localChannel) must survive; a remote one ends.
    async run(c) {
      const waiter = c.remote.spawn('wait-for', c.localChannel);
      try {
        await c.call({ channel: c.localChannel });
        const code = await until(
          () => waiter.exitCode,
          (x) => x !== null,
          'the remote waiter ended',
        );
        expect(code).toBe(0);
      } finally {
        if (waiter.exitCode === null) waiter.kill('SIGKILL');
      }
    },
  },
  load_buffer: plain(
    none,
    () => ({ content: 'r-loaded', logical_name: 'r-loaded' }),
    (out, _p, c) => {
      expect(c.remote.tmux('show-buffer', '-b', String(out.buffer_name))).toBe('r-loaded');
    },
  ),
  paste_buffer: plain(
    (c) => {
      c.remote.tmux('set-buffer', '-b', agentBuffer('paste'), 'r-pasted-buffer');
      return catPane(c.remote);
    },
    (p) => ({ buffer_name: agentBuffer('paste'), pane_id: p, bracket: false }),
    (_out, p, c) => shows(c.remote, p, 'r-pasted-buffer'),
  ),
  show_buffer: plain(
    none,
    () => ({ buffer_name: agentBuffer('side') }),
    (out) => expect(out).toMatchObject({ content: 'remote buffer' }),
  ),
  delete_buffer: plain(
    (c) => c.remote.tmux('set-buffer', '-b', agentBuffer('del'), 'to delete'),
    () => ({ buffer_name: agentBuffer('del') }),
    (_out, _p, c) => expect(lines(c.remote.tmux('list-buffers', '-F', '#{buffer_name}'))).not.toContain(agentBuffer('del')),
  ),
  show_hooks: plain(
    none,
    () => ({ global_: true }),
    (out) => {
      expect(out.entries).toContainEqual({ hook_name: 'session-renamed', index: 3, command: 'display-message remote-hook' });
    },
  ),
  show_hook: plain(
    none,
    () => ({ hook_name: 'session-renamed', global_: true }),
    (out) => expect(JSON.stringify(out)).toContain('remote-hook'),
  ),
  kill_server: plain(
    none,
    () => ({}),
    (_out, _p, c) => expect(c.remote.alive()).toBe(false),
  ),
};
