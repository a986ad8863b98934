import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, resolveConfig } from '../../src/config/config.parser';
import { selectedToolNames } from '../../src/tools/toolsets';

const DIR = join(__dirname, '..', '..', 'examples', 'clients');

type Entry = { command: string; args: string[]; env?: NodeJS.ProcessEnv };

describe('examples/clients snippets', () => {
  const json = readdirSync(DIR).filter((f) => f.endsWith('.json'));

  it.each(json)('%s parses, points at dist/cli.js and uses valid settings', (file) => {
    const doc = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Record<'mcpServers' | 'servers', { tmux: Entry } | undefined>;
    const server = (doc.mcpServers ?? doc.servers)!.tmux;
    expect(server.command).toBe('node');
    expect(server.args[0]).toMatch(/dist\/cli\.js$/);
    const config = resolveConfig(parseArgs(server.args.slice(1)), server.env ?? {});
    expect(config.warnings).toEqual([]);
    // Toolset names are checked where the server starts (docs/reference/configuration.md#toolsets).
    expect(() => selectedToolNames(config)).not.toThrow();
  });

  it('the README snippet with TMUX_MCP_TOOLSETS is the one of cursor-core.json', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    const core = blocks.find((b) => b.includes('TMUX_MCP_TOOLSETS'));
    expect(core && JSON.parse(core)).toEqual(JSON.parse(readFileSync(join(DIR, 'cursor-core.json'), 'utf8')));
  });

  it('codex.toml and claude-code.sh name the same entry point', () => {
    expect(readFileSync(join(DIR, 'codex.toml'), 'utf8')).toContain('"/path/to/tmux-mcp-ts/dist/cli.js"');
    const sh = readFileSync(join(DIR, 'claude-code.sh'), 'utf8');
    for (const line of sh.split('\n').filter((l) => l.startsWith('claude mcp add')))
      expect(line).toMatch(/^claude mcp add tmux (-e TMUX_MCP_\w+=\w+ )*-- node \S+dist\/cli\.js$/);
  });
});
