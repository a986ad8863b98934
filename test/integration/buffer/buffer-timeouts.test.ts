import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpHarness } from '../../helpers/mcp-harness';
import { TmuxFixture } from '../../helpers/tmux-fixture';

/**
 * The 5 s caps (docs/reference/tools.md#buffers, docs/reference/tools.md#signal_channel) against
 * a tmux wrapper that hangs on chosen commands. The subprocess engine is forced so the wrapper
 * sees every command as its own process.
 */
describe('5 s caps of buffer and signal commands', () => {
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
    h = await McpHarness.start({ socket: tmux.socket, config: { tmuxBin: bin, engine: 'exec' } });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports timeouts with the documented texts (docs/reference/errors.md#buffers, docs/reference/errors.md#channels)', async () => {
    const read = `tmux_mcp_${'a'.repeat(32)}_hangread`;
    const [load, show, del, sig] = await Promise.all([
      h.err('load_buffer', { content: 'x', logical_name: 'hangload' }),
      h.err('show_buffer', { buffer_name: read }),
      h.err('delete_buffer', { buffer_name: read }),
      h.err('signal_channel', { channel: 'hang-signal' }),
    ]);
    expect(load.text).toMatch(/^load-buffer timeout after 5s for 'tmux_mcp_[0-9a-f]{32}_hangload'$/);
    expect(show.text).toBe(`show-buffer timeout after 5s for '${read}'`);
    expect(del.text).toBe(`delete-buffer timeout after 5s for '${read}'`);
    expect(sig.text).toBe("signal-channel timeout after 5s: channel 'hang-signal'");
    for (const e of [load, show, del, sig]) expect(e.meta).toMatchObject({ error_type: 'ExpectedToolError', expected: true });
  });
});
