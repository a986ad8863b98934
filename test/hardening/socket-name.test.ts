import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { McpHarness } from '../helpers/mcp-harness';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { socketPathOf } from '../helpers/tmux-sockets';

/**
 * socket_name is a name, never a path (docs/reference/tools.md#socket_name): a value holding `/`
 * or NUL is an expected error before any tmux process starts, on the tools and on the resource
 * templates. The escaping name points at a scratch directory of ours, so a server the old code
 * started there is seen (its socket file) and ended here.
 */
const TEXT = /^Invalid socket name: '.*' \(a name, not a path: it may not contain '\/' or NUL\)$/;

describe('socket_name holding / or NUL is refused before tmux runs', () => {
  const tmux = new TmuxFixture();
  const escape = mkdtempSync(join(tmpdir(), 'tmux-mcp-sockname-'));
  // `../…/sock` from tmux's socket directory lands in the scratch directory.
  const escaping = `${relative(dirname(socketPathOf('x')), escape)}/sock`;
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('main');
    h = await McpHarness.start({ socket: tmux.socket, config: { safety: 'destructive' } });
  });
  afterAll(async () => {
    await h.close();
    // Only if a call did reach tmux (the defect): end the server it started there, by its pid.
    for (const f of readdirSync(escape)) {
      try {
        const pid = execFileSync('tmux', ['-S', join(escape, f), 'display-message', '-p', '#{pid}'], { encoding: 'utf8' }).trim();
        process.kill(Number(pid));
      } catch {
        // no server there
      }
    }
    rmSync(escape, { recursive: true, force: true });
    tmux.kill();
  });

  it.each([
    ['create_session', { session_name: 'esc' }],
    ['list_sessions', {}],
    ['get_server_info', {}],
    ['send_keys', { keys: 'echo hi', pane_id: '%0' }],
    ['capture_pane', { pane_id: '%0' }],
    ['list_panes', {}],
    ['set_option', { option: '@x', value: 'v', global_: true }],
    ['kill_server', {}],
  ] as const)('%s', async (tool, args) => {
    for (const name of [escaping, 'a/b', '/tmp/sock']) {
      const e = await h.err(tool, { ...args, socket_name: name });
      expect(e.text.split('\n')[0]).toMatch(TEXT);
      expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
    }
    expect(readdirSync(escape)).toEqual([]);
  });

  it('a nested batch call is refused alike', async () => {
    const r = await h.ok<{ results: { error: string | null }[] }>('call_mutating_tools_batch', {
      operations: [{ tool: 'create_session', arguments: { session_name: 'esc', socket_name: escaping } }],
    });
    expect(r.results[0].error).toMatch(/^Invalid socket name: /);
    expect(readdirSync(escape)).toEqual([]);
  });

  it.each(['tmux://sessions', 'tmux://sessions/main', 'tmux://panes/%250', 'tmux://panes/%250/content'])(
    'resource %s with an escaping or NUL socket_name is -32602',
    async (base) => {
      for (const name of [escaping, 'a\0b']) {
        const uri = `${base}?socket_name=${encodeURIComponent(name)}`;
        const e = await h.client.readResource({ uri }).then(
          () => undefined,
          (err: { code: number; message: string }) => err,
        );
        expect(e).toMatchObject({ code: -32602 });
        expect(e!.message).toMatch(/Invalid socket name: '.*' \(a name, not a path/);
        expect(e!.message).not.toContain('\0');
      }
      expect(readdirSync(escape)).toEqual([]);
    },
  );

  it('a plain name still works (positive control)', async () => {
    const r = await h.ok<{ result: { session_name: string }[] }>('list_sessions', { socket_name: tmux.socket });
    expect(r.result.map((s) => s.session_name)).toEqual(['main']);
  });
});
