import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { minimalEnv } from '../helpers/cli-process';
import { npmOffline, npmPack, ROOT, tsc, writeOfflineProject, type ProjectManifest } from '../helpers/packed-package';
import { TmuxFixture } from '../helpers/tmux-fixture';

/**
 * The plugin template (examples/plugin-template) the way a plugin author meets it: against the
 * package as `npm pack` makes it, outside the repository (no tsconfig `paths` into src/), built
 * with plain `tsc` and its own tsconfig.json (docs/reference/configuration.md#plugin-projects).
 * The server runs from the installed tarball with `--plugin`, and each thing the plugin registers
 * is used through the SDK client over stdio.
 */
const TEMPLATE = join(ROOT, 'examples', 'plugin-template');

describe('the plugin template, built against the packed package', () => {
  const tmux = new TmuxFixture();
  let scratch: string;
  let client: Client | undefined;
  let stderr = '';

  beforeAll(async () => {
    tmux.start('tpl');
    scratch = mkdtempSync(join(tmpdir(), 'tmux-mcp-template-'));
    const report = await npmPack(['--pack-destination', scratch]);
    const tarball = join(scratch, report.filename);

    const project = join(scratch, 'my-tmux-plugin');
    mkdirSync(project);
    cpSync(join(TEMPLATE, 'src'), join(project, 'src'), { recursive: true });
    cpSync(join(TEMPLATE, 'tsconfig.json'), join(project, 'tsconfig.json'));
    // The template's own manifest, with the tarball as its one dependency: the repository's tsc
    // builds it (no typescript install), and class-validator comes with the package.
    const manifest = JSON.parse(readFileSync(join(TEMPLATE, 'package.json'), 'utf8')) as ProjectManifest;
    delete manifest.devDependencies;
    delete manifest.peerDependencies;
    writeOfflineProject(project, tarball, manifest);
    await npmOffline(project, ['install', tarball]);
    await tsc(['-p', join(project, 'tsconfig.json')]);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        join(project, 'node_modules', 'tmux-mcp-ts', 'dist', 'cli.js'),
        '--plugin',
        join(project, 'dist', 'index.js'),
        '--socket-name',
        tmux.socket,
      ],
      env: minimalEnv() as Record<string, string>,
      cwd: project,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    client = new Client({ name: 'plugin-template-e2e', version: '1.0.0' });
    try {
      await client.connect(transport);
    } catch (err) {
      throw new Error(`the server did not start: ${(err as Error).message}\n${stderr}`, { cause: err });
    }
  }, 120_000);

  afterAll(async () => {
    await client?.close(); // ends the server it started (stdin EOF, then signals, by its own handle)
    tmux.kill();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('lists the template tool with its tier annotations and schema', async () => {
    const { tools } = await client!.listTools();
    const tool = tools.find((t) => t.name === 'count_panes');
    expect(tool).toMatchObject({
      title: 'Count Panes',
      annotations: { readOnlyHint: true, destructiveHint: false },
      inputSchema: { properties: { socket_name: {}, session_name: {}, active_only: { type: 'boolean', default: false } } },
      outputSchema: { properties: { panes: { type: 'integer' }, sessions: { type: 'integer' } } },
    });
  });

  it('calls the tool: its injected services reach the private tmux server', async () => {
    tmux.tmux('split-window', '-t', 'tpl', 'sh');
    const r = await client!.callTool({ name: 'count_panes', arguments: { session_name: 'tpl' } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ panes: 2, sessions: 1 });
  });

  it("words the tool's domain error with the mapper registered under ERROR_MAPPERS", async () => {
    const r = await client!.callTool({ name: 'count_panes', arguments: { session_name: 'nope' } });
    expect(r).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Session not found: nope\nSessions on this server: tpl.' }],
      _meta: { error_type: 'ExpectedToolError', expected: true },
    });
  });

  it('reads the resource template that the interceptor feeds', async () => {
    const { resourceTemplates } = await client!.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('tmux-template://calls/{tool_name}');
    await expect(client!.readResource({ uri: 'tmux-template://calls/never_called' })).rejects.toMatchObject({
      code: -32002,
      message: "MCP error -32002: Resource not found: No calls to 'never_called' yet",
    });

    const counts = async (): Promise<{ tool: string; calls: number; errors: number }> => {
      const r = await client!.readResource({ uri: 'tmux-template://calls/count_panes' });
      expect(r.contents).toMatchObject([{ uri: 'tmux-template://calls/count_panes', mimeType: 'application/json' }]);
      return JSON.parse((r.contents[0] as { text: string }).text) as { tool: string; calls: number; errors: number };
    };
    await client!.callTool({ name: 'count_panes', arguments: {} });
    const before = await counts();
    await client!.callTool({ name: 'count_panes', arguments: {} });
    await client!.callTool({ name: 'count_panes', arguments: { session_name: 'nope' } });
    await client!.callTool({ name: 'count_panes', arguments: { active_only: 'yes' } }); // refused by validation: counted
    expect(await counts()).toEqual({ tool: 'count_panes', calls: before.calls + 3, errors: before.errors + 2 });
  });

  it('gets the prompt, and refuses an argument it cannot put into instructions', async () => {
    const r = await client!.getPrompt({ name: 'pane_overview', arguments: { session_name: 'tpl' } });
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    expect((r.messages[0].content as { text: string }).text).toContain("`count_panes(session_name='tpl')`");
    const bad = client!.getPrompt({ name: 'pane_overview', arguments: { session_name: 'a.b' } });
    await expect(bad).rejects.toBeInstanceOf(McpError);
    await expect(bad).rejects.toMatchObject({ code: -32602 });
  });
});
