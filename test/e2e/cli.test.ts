import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { minimalEnv, RawServer, runCli } from '../helpers/cli-process';
import { like } from '../helpers/like';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };

describe('tmux-mcp CLI', () => {
  const tmux = new TmuxFixture();
  beforeAll(() => tmux.start('e2e'));
  afterAll(() => tmux.kill());

  it('--version and --help exit 0 without starting the server', async () => {
    const v = await runCli(['--version']);
    expect(v).toMatchObject({ code: 0, stdout: `tmux-mcp ${pkg.version}\n` });
    const h = await runCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('Usage: tmux-mcp');
  });

  it('a bad flag exits 2 with one line', async () => {
    const r = await runCli(['--no-such-flag']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('an invalid TMUX_MCP_SUPPRESS_HISTORY exits 1 without echoing the value', async () => {
    const r = await runCli([], minimalEnv({ TMUX_MCP_SUPPRESS_HISTORY: 'maybe-SECRET' }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("must be unset, '0', or '1'");
    expect(r.stderr).not.toContain('maybe-SECRET');
  });

  it('a missing tmux binary exits 1 with one clear line (docs/reference/configuration.md#start-up-failures)', async () => {
    const r = await runCli(['--tmux-bin', '/nonexistent/tmux']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('tmux binary not found');
  });

  it('an audit log that cannot be opened exits 1 with one line (docs/reference/configuration.md#start-up-failures)', async () => {
    const r = await runCli(['--audit-log', '/nonexistent-tmux-mcp-dir/audit.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cannot open audit log /nonexistent-tmux-mcp-dir/audit.jsonl');
  });

  it('writes one JSON audit line per call to TMUX_MCP_AUDIT_LOG, flushed before exit (docs/reference/safety.md#audit-file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmux-mcp-audit-'));
    try {
      const file = join(dir, 'audit.jsonl');
      const s = new RawServer(['--socket-name', tmux.socket], minimalEnv({ TMUX_MCP_AUDIT_LOG: file }));
      await s.initialize();
      await s.request('tools/call', { name: 'list_sessions', arguments: {}, _meta: { client_id: 'c-1' } });
      await s.request('tools/call', { name: 'send_keys', arguments: { pane_id: '%99999', keys: 'SECRET-KEYS' } });
      s.proc.stdin.end();
      expect(await s.exited).toBe(0);
      const recs = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(recs).toHaveLength(2);
      expect(recs[0]).toEqual({
        tool: 'list_sessions',
        outcome: 'ok',
        duration_ms: like.any(Number),
        client_id: 'c-1',
        request_id: like.any(Number),
        host: null,
        args: {},
      });
      // host sits between request_id and args; a local call records null.
      expect(Object.keys(recs[0])).toEqual(['tool', 'outcome', 'duration_ms', 'client_id', 'request_id', 'host', 'args']);
      expect(recs[1]).toMatchObject({
        tool: 'send_keys',
        outcome: 'error',
        error_type: 'PaneNotFound',
        client_id: null,
        host: null,
        args: { pane_id: '%99999', keys: { len: 11 } },
      });
      expect(readFileSync(file, 'utf8')).not.toContain('SECRET-KEYS');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves JSON-RPC only on stdout in a minimal environment and exits 0 on stdin EOF', async () => {
    const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
    const init = (await s.initialize()) as {
      result: { serverInfo: { name: string; version: string }; instructions: string; capabilities: Record<string, unknown> };
    };
    expect(init.result.serverInfo).toEqual({ name: 'tmux', version: pkg.version });
    expect(Buffer.byteLength(init.result.instructions)).toBeLessThanOrEqual(2048);
    expect(init.result.capabilities).toHaveProperty('tools');
    const list = (await s.request('tools/list')) as { result: { tools: { name: string }[] } };
    expect(list.result.tools.map((t) => t.name)).toContain('list_sessions');
    const call = (await s.request('tools/call', { name: 'list_sessions', arguments: {} })) as {
      result: { structuredContent: { result: { session_name: string }[] } };
    };
    expect(call.result.structuredContent.result.map((x) => x.session_name)).toEqual(['e2e']);
    const unknown = (await s.request('tools/call', { name: 'nope', arguments: {} })) as { error: { code: number; message: string } };
    expect(unknown.error).toEqual({ code: -32602, message: "Unknown tool: 'nope'" });
    s.proc.stdin.end();
    expect(await s.exited).toBe(0);
    for (const line of s.stdoutLines.filter((l) => l.trim())) expect((JSON.parse(line) as { jsonrpc?: unknown }).jsonrpc).toBe('2.0');
    expect(s.stderr).toContain('tmux_mcp.audit');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('exits 0 on %s', async (sig) => {
    const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
    await s.initialize();
    s.proc.kill(sig);
    expect(await s.exited).toBe(0);
  });

  it('keeps UTF-8 content without LANG (docs/reference/configuration.md#minimal-client-environments)', async () => {
    tmux.tmux('rename-session', '-t', 'e2e', 'e2e');
    tmux.tmux('new-session', '-d', '-s', 'ünï😀', '-x', '80', '-y', '24', 'sh');
    const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
    await s.initialize();
    const call = (await s.request('tools/call', { name: 'list_sessions', arguments: {} })) as {
      result: { structuredContent: { result: { session_name: string }[] } };
    };
    expect(call.result.structuredContent.result.map((x) => x.session_name)).toContain('ünï😀');
    s.proc.stdin.end();
    expect(await s.exited).toBe(0);
  });
});
