import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

interface Window {
  window_id: string;
  window_name: string | null;
  window_index: number | null;
  session_id: string | null;
  window_active: boolean | null;
  pane_count: number;
  active_pane_id: string | null;
}

describe('create_window', () => {
  const tmux = new TmuxFixture();
  const scratch = mkdtempSync(join(tmpdir(), 'tmux-mcp-test-cw-'));
  let h: McpHarness;
  let mainId: string;
  let otherId: string;
  const windows = (sid: string) =>
    tmux.tmux('list-windows', '-t', sid, '-F', '#{window_index}:#{window_name}:#{window_active}').split('\n');

  beforeAll(async () => {
    tmux.start('main');
    mainId = tmux.tmux('display-message', '-p', '-t', 'main', '#{session_id}');
    tmux.tmux('rename-window', '-t', `${mainId}:0`, 'zero');
    otherId = tmux.newSession('other');
    h = await McpHarness.start({ socket: tmux.socket });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('creates a background window in the first session by default', async () => {
    const w = await h.ok<Window>('create_window', { window_name: 'bg', start_directory: scratch });
    expect(w).toMatchObject({ window_name: 'bg', window_index: 1, session_id: mainId, window_active: false, pane_count: 1 });
    expect(w.window_id).toMatch(/^@\d+$/);
    expect(w.active_pane_id).toMatch(/^%\d+$/);
    expect(windows(mainId)).toEqual(['0:zero:1', '1:bg:0']);
    expect(tmux.tmux('display-message', '-p', '-t', w.active_pane_id!, '#{pane_current_path}')).toBe(scratch);
  });

  it('attaches (selects) the window when attach is true', async () => {
    const w = await h.ok<Window>('create_window', { session_id: otherId, window_name: 'fg', attach: true });
    expect(w).toMatchObject({ session_id: otherId, window_active: true });
    expect(tmux.tmux('display-message', '-p', '-t', otherId, '#{window_id}')).toBe(w.window_id);
  });

  it("inserts before or after the session's current window (-b / -a)", async () => {
    const sid = tmux.newSession('order');
    tmux.tmux('rename-window', '-t', `${sid}:0`, 'w0');
    tmux.tmux('new-window', '-d', '-t', `${sid}:1`, '-n', 'w1');
    const after = await h.ok<Window>('create_window', { session_name: 'order', window_name: 'after', direction: 'after' });
    expect(after.window_index).toBe(1);
    expect(windows(sid)).toEqual(['0:w0:1', '1:after:0', '2:w1:0']);
    const before = await h.ok<Window>('create_window', { session_name: 'order', window_name: 'before', direction: 'before' });
    expect(before.window_index).toBe(0);
    expect(windows(sid)).toEqual(['0:before:0', '1:w0:1', '2:after:0', '3:w1:0']);
    const bad = await h.err('create_window', { session_name: 'order', direction: 'sideways' });
    expect(bad.text).toContain("Input should be 'before' or 'after' [type=literal_error]");
  });

  it('gives environment to the new process only, not the session (docs/reference/tools.md#environment-parameters)', async () => {
    const w = await h.ok<Window>('create_window', { session_id: mainId, window_name: 'env', environment: { CW_VAR: 'per-process' } });
    expect(tmux.tmux('show-environment', '-t', mainId)).not.toContain('CW_VAR');
    // The pane's process got it: read its environment from /proc (no shell round trip to wait on).
    const pid = tmux.tmux('display-message', '-p', '-t', w.active_pane_id!, '#{pane_pid}');
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('CW_VAR=per-process');
  });

  it('keeps # literal in the window name and directory (docs/reference/tools.md#names-and-escaping)', async () => {
    const marker = join(scratch, 'ran');
    const dir = join(scratch, 'a#b');
    mkdirSync(dir);
    const name = `w#(touch ${marker})#{session_name}##`;
    const w = await h.ok<Window>('create_window', { session_id: mainId, window_name: name, start_directory: dir });
    expect(w.window_name).toBe(name);
    expect(tmux.tmux('display-message', '-p', '-t', w.window_id, '#{window_name}')).toBe(name);
    expect(tmux.tmux('display-message', '-p', '-t', w.active_pane_id!, '#{pane_current_path}')).toBe(dir);
    expect(existsSync(marker)).toBe(false);
  });

  it('validates environment before resolving or touching tmux', async () => {
    const before = windows(mainId).length;
    const e = await h.err('create_window', {
      session_name: 'ghost',
      environment: { fish_private_mode: '0' },
      suppress_persistent_history: true,
    });
    expect(e.text).toBe("environment variable fish_private_mode conflicts with suppress_persistent_history=True; omit it or set it to '1'");
    expect((await h.err('create_window', { environment: '{"A": 1}' })).text).toBe('environment keys and values must be strings');
    expect(windows(mainId)).toHaveLength(before);
  });

  it('answers an unknown session with the not-found error', async () => {
    const e = await h.err('create_window', { session_name: 'ghost' });
    expect(e.text).toMatch(/^Object not found: Could not find session_name=ghost for list-sessions(\n|$)/);
    expect(e.meta).toMatchObject({ error_type: 'TmuxObjectDoesNotExist' });
  });
});
