import 'reflect-metadata';
import winston from 'winston';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getToolMetadata } from '../../../src/framework/metadata/tool-metadata';
import { dtoPlan } from '../../../src/framework/validation/dto-plan';
import { objectSchema } from '../../../src/framework/validation/dto-schema';
import { loadPlugin, PluginLoadError, resolveSpecifier } from '../../../src/framework/plugins/plugin-loader';
import * as tokens from '../../../src/framework/tokens';
import { createPluginApi } from '../../../src/framework/plugins/plugin';

describe('one framework across package copies (docs/reference/configuration.md#what-a-plugin-receives)', () => {
  it("a second copy's decorators write into the store this copy reads, and tokens are equal", () => {
    // jest.isolateModules loads fresh module instances: the situation of a plugin that resolved
    // its own copy of tmux-mcp-ts from a nested node_modules. jest.requireActual loads through
    // the isolated registry like require does, and is typed by the module it loads.
    type ToolModule = typeof import('../../../src/framework/decorators/tool.decorator');
    type ParamModule = typeof import('../../../src/framework/decorators/param.decorator');
    type MetadataModule = typeof import('../../../src/framework/metadata/tool-metadata');
    let other!: { Tool: ToolModule['Tool']; Param: ParamModule['Param']; tokens: typeof tokens; getToolMetadata: typeof getToolMetadata };
    jest.isolateModules(() => {
      other = {
        Tool: jest.requireActual<ToolModule>('../../../src/framework/decorators/tool.decorator').Tool,
        Param: jest.requireActual<ParamModule>('../../../src/framework/decorators/param.decorator').Param,
        tokens: jest.requireActual<typeof tokens>('../../../src/framework/tokens'),
        getToolMetadata: jest.requireActual<MetadataModule>('../../../src/framework/metadata/tool-metadata').getToolMetadata,
      };
    });
    expect(other.getToolMetadata).not.toBe(getToolMetadata); // really another copy

    class In {}
    other.Param({ type: 'string', description: 'who' })(In.prototype, 'who');
    class Hello {
      static toolName = 'hello_copy';
      static description = 'From another copy.';
      static Input = In;
      static Output = String;
    }
    other.Tool('readonly', { title: 'Hello' })(Hello);

    expect(getToolMetadata(Hello)).toMatchObject({ name: 'hello_copy', tier: 'readonly', tags: [] });
    expect(dtoPlan(In).fields.map((f) => f.name)).toEqual(['who']);
    expect(objectSchema(In)).toEqual({
      type: 'object',
      properties: { who: { type: 'string', description: 'who' } },
      required: ['who'],
      additionalProperties: false,
    });
    const symbols = (Object.keys(tokens) as (keyof typeof tokens)[]).filter((k) => typeof tokens[k] === 'symbol');
    expect(symbols.length).toBeGreaterThan(10);
    for (const k of symbols) expect(other.tokens[k]).toBe(tokens[k]);
  });

  it('register(container, api) receives the decorators, error classes, ORDER and tokens', () => {
    const api = createPluginApi(winston.createLogger({ silent: true }));
    const keys = ['Tool', 'Param', 'Field', 'Description', 'Default', 'Nullable', 'AllowNul', 'HandleErrors', 'UseInterceptors'] as const;
    for (const k of keys) expect(typeof api[k]).toBe('function');
    for (const k of ['ToolError', 'ExpectedToolError', 'ValidationError'] as const) expect(new api[k]('x')).toBeInstanceOf(Error);
    expect(api.ORDER.AUDIT).toBe(400);
    expect(api.tokens.TOOL_CLASSES).toBe(tokens.TOOL_CLASSES);
  });
});

describe('plugin specifiers: relative paths from the working directory, package names from there then the server directory (docs/reference/configuration.md#plugin-specifiers)', () => {
  let root: string;
  const pkg = (base: string, name: string, body: string) => {
    const dir = join(base, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
    writeFileSync(join(dir, 'index.js'), body);
    return realpathSync(join(dir, 'index.js'));
  };

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tmux-mcp-plugins-')));
    mkdirSync(join(root, 'cwd'));
    mkdirSync(join(root, 'server'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('package names: the working directory first, then the server directory; a miss names both', () => {
    const cwd = join(root, 'cwd');
    const server = join(root, 'server');
    const inCwd = pkg(cwd, 'tmux-mcp-plugin-both', 'module.exports = "cwd";');
    pkg(server, 'tmux-mcp-plugin-both', 'module.exports = "server";');
    const onlyServer = pkg(server, 'tmux-mcp-plugin-server-only', 'module.exports = "server";');
    expect(resolveSpecifier('tmux-mcp-plugin-both', cwd, server)).toBe(inCwd);
    expect(resolveSpecifier('tmux-mcp-plugin-server-only', cwd, server)).toBe(onlyServer);
    expect(() => resolveSpecifier('tmux-mcp-plugin-nowhere', cwd, server)).toThrow(PluginLoadError);
    expect(() => resolveSpecifier('tmux-mcp-plugin-nowhere', cwd, server)).toThrow(
      `plugin 'tmux-mcp-plugin-nowhere' could not be loaded: module not found (looked from ${cwd}, ${server})`,
    );
  });

  it("relative paths: from the working directory only, never into the server's own directory; absolute paths as they are", () => {
    const server = join(root, 'server');
    const cwd = join(root, 'cwd');
    // The case: the server's own dist/index.js beside a plugin's dist/index.js.
    for (const base of [server, cwd]) {
      mkdirSync(join(base, 'dist'), { recursive: true });
      writeFileSync(join(base, 'dist', 'index.js'), '');
    }
    mkdirSync(join(server, 'x'), { recursive: true });
    writeFileSync(join(server, 'x', 'plugin.js'), '');
    expect(resolveSpecifier('./dist/index.js', cwd, server)).toBe(join(cwd, 'dist', 'index.js'));
    expect(() => resolveSpecifier('./x/plugin.js', cwd, server)).toThrow(
      `plugin './x/plugin.js' could not be loaded: no such file: ${join(cwd, 'x', 'plugin.js')} (a relative path is read from the working directory; give an absolute path in a client's configuration)`,
    );
    expect(resolveSpecifier('/abs/plugin.mjs', '/nowhere', '/nowhere')).toBe('/abs/plugin.mjs');
  });

  it('the loaded plugin carries the file it came from; a module without a plugin is named by its file', async () => {
    const cwd = join(root, 'cwd');
    mkdirSync(join(cwd, 'p'), { recursive: true });
    writeFileSync(join(cwd, 'p', 'good.cjs'), "module.exports = { name: 'good', register() {} };");
    writeFileSync(join(cwd, 'p', 'none.cjs'), 'module.exports = {};');
    const loaded = await loadPlugin('./p/good.cjs', join(root, 'server'), cwd);
    expect(loaded).toMatchObject({ spec: './p/good.cjs', file: join(cwd, 'p', 'good.cjs'), plugin: { name: 'good' } });
    await expect(loadPlugin('./p/none.cjs', join(root, 'server'), cwd)).rejects.toThrow(
      `plugin './p/none.cjs' does not export a plugin (${join(cwd, 'p', 'none.cjs')}: use definePlugin({ name, register }) as the default export)`,
    );
  });
});
