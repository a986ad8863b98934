import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { CLI, minimalEnv, runCli } from '../helpers/cli-process';

const ROOT = join(__dirname, '..', '..');
const CUSTOM_TOOL = join(ROOT, 'dist-examples', 'custom-tool', 'index.js');
const RATE_LIMIT = join(ROOT, 'examples', 'plugin-interceptor', 'index.mjs');
const fixture = (f: string) => join(ROOT, 'test', 'fixtures', 'plugins', f);

describe('plugins over stdio', () => {
  const tmux = new TmuxFixture();
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    tmux.start('plug');
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--socket-name', tmux.socket, '--plugin', CUSTOM_TOOL, '--plugin', RATE_LIMIT],
      env: minimalEnv({ RATE_LIMIT_PER_MINUTE: '3' }) as Record<string, string>,
      stderr: 'pipe',
    });
    client = new Client({ name: 'plugin-e2e', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    tmux.kill();
  });

  it('serves the example custom tool (a CJS plugin with a decorated class)', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'pane_tree')).toMatchObject({ annotations: { readOnlyHint: true } });
    const r = (await client.callTool({ name: 'pane_tree', arguments: { show_commands: true } })) as {
      content: { text: string }[];
    };
    expect(r.content[0].text).toMatch(/^\$\d+ plug\n {2}@\d+ 0:\S+ \*\n {4}%\d+ 80x24 \* \[sh\]$/);
  });

  it('applies the example interceptor (an ESM plugin) between audit and retry', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await client.callTool({ name: 'list_sessions', arguments: {} }));
    expect(results.slice(0, 3).every((r) => !r.isError)).toBe(true);
    expect(results[3]).toMatchObject({
      isError: true,
      content: [
        { text: "Rate limit: 'list_sessions' was called 3 times in the last minute.\nWait a little, or batch the work into fewer calls." },
      ],
      _meta: { error_type: 'ExpectedToolError', expected: true },
    });
  });

  it('validates plugin tool arguments like core ones', async () => {
    const r = (await client.callTool({ name: 'pane_tree', arguments: { show_commands: 'yes' } })) as {
      isError: boolean;
      content: { text: string }[];
    };
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toContain('show_commands\n  Input should be a valid boolean [type=bool_type]');
  });
});

describe('broken plugins stop the server with one clear line', () => {
  it.each([
    ['throws-in-register.cjs', /plugin 'broken-register' failed to register: database unreachable/],
    ['not-a-plugin.cjs', /plugin '.*not-a-plugin\.cjs' does not export a plugin/],
    ['syntax-error.cjs', /plugin '.*syntax-error\.cjs' could not be loaded: /],
    ['duplicate-tool.cjs', /plugin 'dup-tool' failed to register: duplicate tool name 'list_sessions'/],
    ['untagged-tool.cjs', /plugin 'untagged' failed to register: tool class NoMeta has no @Tool metadata/],
    [
      'no-metadata-tool.cjs',
      /plugin 'no-metadata' failed to register: tool class CountPanesTool cannot be built: .*"emitDecoratorMetadata": true in tsconfig\.json/,
    ],
    ['bad-name-tool.cjs', /plugin '.*bad-name-tool\.cjs' could not be loaded: @Tool on Bad: static toolName must be snake_case/],
    ['does-not-exist.cjs', /plugin '.*does-not-exist\.cjs' could not be loaded/],
  ])('%s', async (file, re) => {
    const r = await runCli(['--plugin', fixture(file)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(re);
  });

  it('loads plugins from TMUX_MCP_PLUGINS too', async () => {
    const r = await runCli([], minimalEnv({ TMUX_MCP_PLUGINS: fixture('throws-in-register.cjs') }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("plugin 'broken-register' failed to register");
  });
});
