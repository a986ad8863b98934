import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StderrGuard } from '../../src/framework/logging/stderr-guard.stream';
import { CLI, minimalEnv } from '../helpers/cli-process';
import { type CallResult, McpHarness } from '../helpers/mcp-harness';
import { TmuxFixture } from '../helpers/tmux-fixture';

/**
 * F9d, logging never ends the server (docs/reference/protocol.md#server-logs,
 * docs/reference/safety.md#audit-file): a stderr whose writes fail is survived, and the audit
 * file on a full disk keeps whole records only, warns once and resumes.
 */

describe('a stderr that cannot be written (docs/reference/protocol.md#server-logs)', () => {
  const tmux = new TmuxFixture();
  let client: Client | undefined;

  beforeAll(() => {
    tmux.start('main');
  });
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    tmux.kill();
  });

  it('the server on 2>/dev/full answers calls at the default level (info: a line per call)', async () => {
    const env = minimalEnv() as Record<string, string>;
    delete env.TMUX_MCP_LOG_LEVEL;
    // sh gives the server a stderr on /dev/full: every write fails with ENOSPC.
    const transport = new StdioClientTransport({
      command: '/bin/sh',
      args: ['-c', 'exec "$0" "$1" --socket-name "$2" 2>/dev/full', process.execPath, CLI, tmux.socket],
      env,
      stderr: 'ignore',
    });
    client = new Client({ name: 'dev-full', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
    for (let i = 0; i < 5; i++) {
      const r = (await client.callTool({ name: 'list_sessions', arguments: {} })) as CallResult;
      expect(r.isError).toBeFalsy();
      // An error result is logged too (warn): still answered.
      const e = (await client.callTool({ name: 'get_pane_info', arguments: { pane_id: '%999' } })) as CallResult;
      expect(e.isError).toBe(true);
    }
    expect(transport.pid).not.toBeNull();
  }, 60_000);

  it('one warning is attempted per failing stretch, and the end of it is said', async () => {
    const seen: string[] = [];
    let fail = true;
    // What process.stderr on a file does: each write calls back with its own outcome.
    const target = {
      on: () => target,
      write(chunk: string | Buffer, cb: (err?: Error | null) => void) {
        seen.push(chunk.toString());
        setImmediate(() => cb(fail ? Object.assign(new Error('no space'), { code: 'ENOSPC' }) : null));
        return true;
      },
    } as unknown as NodeJS.WritableStream;
    const guard = new StderrGuard(target);
    const line = (s: string) => new Promise<void>((r) => guard.write(`${s}\n`, () => r()));
    for (let i = 0; i < 5; i++) await line(`lost ${i}`);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const warnings = () => seen.filter((s) => s.includes('tmux_mcp:'));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('writing the log to stderr failed (ENOSPC)');
    fail = false;
    await line('back');
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toContain('5 line(s) were lost');
    await line('more');
    expect(warnings()).toHaveLength(2);
  });
});

const isRoot = process.getuid?.() === 0;
/** Mounting a tmpfs needs root; elsewhere this part is skipped (the reason is in its name). */
const describeRoot = isRoot ? describe : describe.skip;

describeRoot('the audit file on a full disk (a 64 KiB tmpfs; needs root to mount, skipped otherwise)', () => {
  const tmux = new TmuxFixture();
  const mnt = mkdtempSync(join(tmpdir(), 'audit-tmpfs-'));
  const file = join(mnt, 'audit.jsonl');
  const filler = join(mnt, 'filler');
  const logs: string[] = [];
  let h: McpHarness;

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]);
    tmux.start('main');
    h = await McpHarness.start({ socket: tmux.socket, logs, config: { auditLog: file } });
  });
  afterAll(async () => {
    await h?.close();
    tmux.kill();
    execFileSync('umount', [mnt]);
    rmSync(mnt, { recursive: true, force: true });
  });

  /** Fills the filesystem to the last byte with the filler file. */
  function fill(): void {
    let chunk = 64 * 1024;
    while (chunk >= 1) {
      try {
        writeFileSync(filler, Buffer.alloc(chunk, 0x2e), { flag: 'a' });
      } catch {
        chunk = Math.floor(chunk / 2);
      }
    }
  }

  it('writes whole lines only, warns once while full, and resumes when there is room', async () => {
    // A ~1 KB argument: records cross page boundaries, so a full disk cuts one short.
    const call = () => h.call('list_sessions', { filters: { session_name__contains: 'x'.repeat(190) } });
    for (let i = 0; i < 3; i++) await call();
    fill();
    for (let i = 0; i < 20; i++) await call();
    const warned = () => logs.filter((l) => l.includes('could not write the audit file'));
    expect(warned()).toHaveLength(1);
    unlinkSync(filler);
    for (let i = 0; i < 3; i++) await call();
    expect(logs.filter((l) => l.includes('the audit file is written again'))).toHaveLength(1);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    for (const l of lines) expect(() => JSON.parse(l) as unknown).not.toThrow();
    // The records before the disk filled, and the three after it had room again.
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(existsSync(filler)).toBe(false);
  }, 60_000);
});
