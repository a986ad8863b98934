import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { minimalEnv, runCli } from '../helpers/cli-process';
import { npmOffline, npmPack, ROOT, tsc, writeOfflineProject } from '../helpers/packed-package';
import { until } from '../helpers/poll';
import { TmuxFixture } from '../helpers/tmux-fixture';

/**
 * Plugins load from anywhere (docs/reference/configuration.md#shared-packages), the way a new user
 * meets it: the server installed in one place from the packed tarball, a plugin in its own
 * project with its own install of the same tarball (its own tsyringe, class-validator, …), built
 * with plain tsc, and the server started from the plugin's directory with a relative
 * `--plugin ./dist/index.js`.
 *
 * `npm install -g --prefix DIR` cannot run offline (it asks the registry for version metadata the
 * cache does not hold), so the server is installed into DIR/lib as a project from a lock of exact
 * versions (test/helpers/packed-package.ts): the same files under DIR/lib/node_modules that a
 * global install makes, its dependencies beside it instead of nested.
 */
const TOOL = `import { IsInt, IsOptional } from 'class-validator';
import { Min } from 'class-validator';
import { injectable } from 'tsyringe';
import { Description, Field, HandleErrors, Nullable, Default, Tool, TmuxErrorMapper, TmuxServerPool, UseInterceptors, type Next, type ToolCall, type ToolHandler, type ToolInterceptor, type ToolResult, type ToolCallContext } from 'tmux-mcp-ts';

@injectable()
export class TimingInterceptor implements ToolInterceptor {
  readonly order = 0;
  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    const started = Date.now();
    try {
      return await next();
    } finally {
      call.ctx.logger.info(\`timing: \${call.tool.name} took \${Date.now() - started} ms\`);
    }
  }
}

export class CountWindowsInput {
  @IsOptional() @IsInt() @Min(1) @Description('Count at most this many windows.')
  limit?: number;

  @Nullable() @Default(null) @Description('tmux socket name (-L).')
  socket_name!: string | null;
}

export class WindowCount {
  @Field({ type: 'integer' }) windows!: number;
}

@Tool('readonly', { title: 'Count Windows' })
@HandleErrors(TmuxErrorMapper)
@UseInterceptors(TimingInterceptor)
export class CountWindowsTool implements ToolHandler<CountWindowsInput, WindowCount> {
  static readonly toolName = 'count_windows';
  static readonly description = 'Count the windows of a tmux server.';
  static readonly Input = CountWindowsInput;
  static readonly Output = WindowCount;

  constructor(private readonly pool: TmuxServerPool) {}

  async execute(input: CountWindowsInput, ctx: ToolCallContext): Promise<WindowCount> {
    const rows = await this.pool.engine(input.socket_name).run(['list-windows', '-a', '-F', '#{window_id}']);
    ctx.logger.info(\`counted \${rows.length} windows\`);
    return { windows: Math.min(rows.length, input.limit ?? Infinity) };
  }
}
`;
const INDEX = `import { definePlugin, TOOL_CLASSES } from 'tmux-mcp-ts';
import { CountWindowsTool } from './count-windows.tool';

export default definePlugin({
  name: 'count-windows',
  register(container, api) {
    container.register(TOOL_CLASSES, { useValue: CountWindowsTool });
    api.logger.info('registered count_windows');
  },
});
`;
// A tool whose constructor asks for a token nobody registers: it loads and registers, and only
// building it fails, which --check must find before any call does.
const BROKEN = `import { inject } from 'tsyringe';
import { definePlugin, Field, Tool, TOOL_CLASSES, type ToolHandler } from 'tmux-mcp-ts';

class NoInput {}
class Out {
  @Field({ type: 'integer' }) n!: number;
}

@Tool('readonly', { title: 'Broken' })
export class BrokenTool implements ToolHandler<NoInput, Out> {
  static readonly toolName = 'broken_tool';
  static readonly description = 'Needs a service nobody registers.';
  static readonly Input = NoInput;
  static readonly Output = Out;
  constructor(@inject('nobody-registers-this') private readonly missing: unknown) {}
  async execute(): Promise<Out> {
    return { n: 0 };
  }
}

export default definePlugin({
  name: 'broken',
  register(container) {
    container.register(TOOL_CLASSES, { useValue: BrokenTool });
  },
});
`;

describe('a plugin with its own copy of the package, from its own directory (docs/reference/configuration.md#shared-packages)', () => {
  const tmux = new TmuxFixture();
  let scratch: string;
  let serverCli: string;
  let plugin: string;
  let client: Client | undefined;
  let stderr = '';

  beforeAll(async () => {
    tmux.start('own');
    scratch = mkdtempSync(join(tmpdir(), 'tmux-mcp-own-copy-'));
    const report = await npmPack(['--pack-destination', scratch]);
    const tarball = join(scratch, report.filename);

    const lib = join(scratch, 'global', 'lib');
    mkdirSync(lib, { recursive: true });
    writeOfflineProject(lib, tarball, { name: 'global-prefix', version: '0.0.0', private: true });
    await npmOffline(lib, ['ci']);
    serverCli = join(lib, 'node_modules', 'tmux-mcp-ts', 'dist', 'cli.js');

    plugin = join(scratch, 'count-windows-plugin');
    mkdirSync(join(plugin, 'src'), { recursive: true });
    writeOfflineProject(plugin, tarball, { name: 'count-windows-plugin', version: '0.1.0', private: true, main: 'dist/index.js' });
    await npmOffline(plugin, ['ci']);
    writeFileSync(join(plugin, 'src', 'count-windows.tool.ts'), TOOL);
    writeFileSync(join(plugin, 'src', 'index.ts'), INDEX);
    writeFileSync(join(plugin, 'src', 'broken.ts'), BROKEN);
    // The template's tsconfig (docs/reference/configuration.md#plugin-projects), plain tsc.
    writeFileSync(join(plugin, 'tsconfig.json'), readFileSync(join(ROOT, 'examples', 'plugin-template', 'tsconfig.json')));
    await tsc(['-p', join(plugin, 'tsconfig.json')]);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [serverCli, '--plugin', './dist/index.js', '--socket-name', tmux.socket],
      env: minimalEnv({ TMUX_MCP_LOG_LEVEL: 'info' }) as Record<string, string>,
      cwd: plugin,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    client = new Client({ name: 'own-copy-e2e', version: '1.0.0' });
    try {
      await client.connect(transport);
    } catch (err) {
      throw new Error(`the server did not start: ${(err as Error).message}\n${stderr}`, { cause: err });
    }
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    tmux.kill();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('names the file it loaded in the ready line, and the plugin logs under its own name', async () => {
    await until(
      () => stderr,
      (e) => e.includes(' ready: '),
      'a ready line',
    );
    expect(stderr).toContain(`, plugin count-windows from ${join(plugin, 'dist', 'index.js')}`);
    expect(stderr).toMatch(/INFO tmux_mcp\.plugin\.count-windows: registered count_windows/);
  });

  it("calls the plugin's tool: its injected pool is the server's, its interceptor runs and logs as the plugin", async () => {
    tmux.tmux('new-window', '-t', 'own');
    const r = await client!.callTool({ name: 'count_windows', arguments: {} });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ windows: 2 });
    await until(
      () => stderr,
      (e) => /INFO tmux_mcp\.plugin\.count-windows: timing: count_windows took \d+ ms/.test(e),
      'the timing line',
    );
    expect(stderr).toMatch(/INFO tmux_mcp\.plugin\.count-windows: counted 2 windows/);
    expect((await client!.callTool({ name: 'count_windows', arguments: { limit: 1 } })).structuredContent).toEqual({ windows: 1 });
  });

  it('refuses null in an optional field that is not @Nullable(), as the schema does', async () => {
    const { tools } = await client!.listTools();
    expect(tools.find((t) => t.name === 'count_windows')?.inputSchema.properties?.limit).toEqual({
      type: 'integer',
      minimum: 1,
      description: 'Count at most this many windows.',
    });
    const r = await client!.callTool({ name: 'count_windows', arguments: { limit: null } });
    expect(r.isError).toBe(true);
    expect((r.content as { text: string }[])[0].text).toContain('limit\n  Input should be a valid integer [type=int_type]');
  });

  it('--check from the plugin directory names the file, builds every class and finds no problem', async () => {
    const r = await runCli(['--check', '--plugin', './dist/index.js', '--socket-name', tmux.socket], minimalEnv(), {
      cli: serverCli,
      cwd: plugin,
    });
    expect(r.stdout).toContain(`count-windows from ${join(plugin, 'dist', 'index.js')}`);
    expect(r.stdout).toContain('No problems found.');
    expect(r.code).toBe(0);
  });

  it('--check reports a plugin class the container cannot build', async () => {
    const r = await runCli(['--check', '--plugin', './dist/broken.js', '--socket-name', tmux.socket], minimalEnv(), {
      cli: serverCli,
      cwd: plugin,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ {2}- tool class \(broken_tool\) BrokenTool cannot be built: .*nobody-registers-this/);
  });
});
