import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { CATALOG_TOOLS } from '../helpers/catalog-tools';
import { CLI, minimalEnv } from '../helpers/cli-process';

// A real MCP client nobody here wrote: the pinned MCP Inspector CLI (docs/README.md#tests).
const INSPECTOR = join(__dirname, '..', '..', 'node_modules', '.bin', 'mcp-inspector');

function inspect(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) =>
    execFile(INSPECTOR, ['--cli', process.execPath, CLI, ...args], { env: minimalEnv(), timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      // The v1 CLI prints a deprecation notice before the JSON document.
      resolve(JSON.parse(stdout.slice(stdout.indexOf('{'))) as Record<string, unknown>);
    }),
  );
}

describe('MCP Inspector CLI 1.0.3', () => {
  const tmux = new TmuxFixture();
  beforeAll(() => tmux.start('insp'));
  afterAll(() => tmux.kill());

  it('lists the tools', async () => {
    const r = (await inspect(['--socket-name', tmux.socket, '--method', 'tools/list'])) as { tools: { name: string }[] };
    // The default tier (mutating): the catalog without its destructive tools, in registration order.
    expect(r.tools).toHaveLength(53);
    expect(r.tools.map((t) => t.name)).toEqual(CATALOG_TOOLS.filter((t) => t[1] !== 'destructive').map((t) => t[0]));
    expect(r.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_hosts', 'list_sessions', 'send_keys', 'wait_for_text']));
  });

  it('calls list_sessions', async () => {
    const r = (await inspect(['--socket-name', tmux.socket, '--method', 'tools/call', '--tool-name', 'list_sessions'])) as {
      structuredContent: { result: { session_name: string }[] };
    };
    expect(r.structuredContent.result.map((s) => s.session_name)).toEqual(['insp']);
  });
});
