import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

/**
 * The command deadline (docs/reference/configuration.md#command-deadline) bounds buffer and signal
 * commands, against a tmux wrapper that hangs on chosen commands. The subprocess engine is forced
 * so the wrapper sees every command as its own process; the deadline is set to 2 s.
 */
describe('the command deadline bounds buffer and signal commands', () => {
  const tmux = new TmuxFixture();
  const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-hang-'));
  const bin = join(dir, 'tmux');
  let h: McpHarness;

  beforeAll(async () => {
    tmux.start('alpha');
    writeFileSync(
      bin,
      [
        '#!/bin/sh',
        // Hang (exec, so killing the child kills the sleep) on marked names only; the shutdown
        // delete of the `hangload` buffer goes through.
        'case "$*" in *load-buffer*_hangload*|*show-buffer*_hangread*|*delete-buffer*_hangread*|*hang-signal*) exec sleep 60;; esac',
        'exec tmux "$@"',
        '',
      ].join('\n'),
    );
    chmodSync(bin, 0o755);
    h = await McpHarness.start({ socket: tmux.socket, config: { tmuxBin: bin, engine: 'exec', commandTimeout: 2 } });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports `tmux did not answer within N s` (docs/reference/errors.md#command-deadline), retryable by the agent', async () => {
    const read = `tmux_mcp_${'a'.repeat(32)}_hangread`;
    const [load, show, del, sig] = await Promise.all([
      h.err('load_buffer', { content: 'x', logical_name: 'hangload' }),
      h.err('show_buffer', { buffer_name: read }),
      h.err('delete_buffer', { buffer_name: read }),
      h.err('signal_channel', { channel: 'hang-signal' }),
    ]);
    for (const e of [load, show, del, sig]) {
      expect(e.text.split('\n')[0]).toBe('tmux did not answer within 2 s');
      expect(e.meta).toMatchObject({ error_type: 'TmuxTimeout', expected: true });
    }
    // The server goes on: a command that does not hang answers.
    expect((await h.call('list_sessions', {})).isError).toBeFalsy();
  });
});
