import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { catalogNames } from '../helpers/catalog-tools';
import { CLI, minimalEnv } from '../helpers/cli-process';

// A real MCP client nobody here wrote: the MCP Inspector CLI, pinned as a dev dependency
// (docs/README.md#tests). It drives the built server (dist/cli.js) over stdio, as a user's
// client would. Its bin runs on this test's Node, and so does the server it starts: both on the
// Node under test, one of the supported lines (docs/README.md#tests).
const INSPECTOR_PKG = require.resolve('@modelcontextprotocol/inspector/package.json');
const INSPECTOR = join(
  dirname(INSPECTOR_PKG),
  (JSON.parse(readFileSync(INSPECTOR_PKG, 'utf8')) as { bin: Record<string, string> }).bin['mcp-inspector'],
);

// Like many clients, the Inspector starts a stdio server with a minimal environment rather than
// its own (docs/reference/configuration.md#minimal-client-environments), so the engine under
// test is handed over explicitly with -e.
const ENGINE = process.env.TMUX_MCP_ENGINE ? ['-e', `TMUX_MCP_ENGINE=${process.env.TMUX_MCP_ENGINE}`] : [];

function inspect(serverArgs: string[], method: string[]): Promise<{ result: Record<string, unknown>; stderr: string }> {
  // Everything after `--` is the server's command line, so a server flag that the Inspector also
  // has (--log-level) still reaches the server.
  const args = [INSPECTOR, '--cli', '--format', 'json', ...ENGINE, ...method, '--', process.execPath, CLI, ...serverArgs];
  return new Promise((resolve, reject) =>
    // The kill only cleans up a hung client before jest gives up on the test; nothing asserts on time.
    execFile(process.execPath, args, { env: minimalEnv(), timeout: 50_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      // --format json: one JSON object on stdout, no banners; the server's own stderr goes to ours.
      resolve({ result: (JSON.parse(stdout) as { result: Record<string, unknown> }).result, stderr });
    }),
  );
}

describe('MCP Inspector CLI', () => {
  const tmux = new TmuxFixture();
  beforeAll(() => tmux.start('insp'));
  afterAll(() => tmux.kill());

  it('lists the tools', async () => {
    const { result } = await inspect(['--socket-name', tmux.socket], ['--method', 'tools/list']);
    const names = (result.tools as { name: string }[]).map((t) => t.name);
    // The default tier (mutating) without hosts: the catalog without its destructive tools and
    // list_hosts (docs/reference/protocol.md#features), in registration order.
    expect(names).toEqual(catalogNames('mutating'));
    expect(names).toHaveLength(53);
    expect(names).toEqual(expect.arrayContaining(['list_sessions', 'send_keys', 'wait_for_text']));
    expect(names).not.toContain('list_hosts');
  }, 60_000);

  it('calls list_sessions on the private server, and shows the server stderr', async () => {
    const { result, stderr } = await inspect(['--socket-name', tmux.socket], ['--method', 'tools/call', '--tool-name', 'list_sessions']);
    expect((result.structuredContent as { result: { session_name: string }[] }).result.map((s) => s.session_name)).toEqual(['insp']);
    // Logs go to stderr only, where a client shows or files them (docs/reference/protocol.md#server-logs);
    // here the call's audit record (docs/reference/safety.md#audit-record).
    expect(stderr).toMatch(/ INFO tmux_mcp\.audit: tool=list_sessions outcome=ok /);
  }, 60_000);
});
