import 'reflect-metadata';
import { parseArgs, resolveConfig, ConfigError } from '../../../src/config/config.parser';
import { getToolMetadata } from '../../../src/framework/metadata/tool-metadata';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { FAMILY_TOOLS } from '../../../src/tools/all-tools';
import { PANE_TOOLS } from '../../../src/tools/pane';
import { checkToolsetNames, FAMILY_NAMES } from '../../../src/tools/toolset-names';
import { CATALOG_TOOL_NAMES, selectedToolNames, TOOL_FAMILIES, TOOLSET_NAMES, TOOLSETS } from '../../../src/tools/toolsets';
import { CATALOG_TOOLS } from '../../helpers/catalog-tools';

const config = (value: string) => resolveConfig(parseArgs(['--toolsets', value]), {});

/** The toolset table (docs/reference/tools.md#toolsets) against the tool classes it names. */
describe('toolsets table (docs/reference/tools.md#toolsets)', () => {
  it.each(FAMILY_NAMES.map((f) => [f]))('family %s lists every tool file of its folder', (family) => {
    const dir = join(__dirname, '../../../src/tools', family);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tool.ts'));
    const fromFiles = files.map((f) => basename(f, '.tool.ts').replace(/-/g, '_'));
    expect([...TOOL_FAMILIES[family]].sort()).toEqual(fromFiles.sort());
  });

  it('the family names are the folders of src/tools with a tool list, in registration order', () => {
    expect(Object.keys(FAMILY_TOOLS)).toEqual([...FAMILY_NAMES]);
    for (const f of FAMILY_NAMES) expect(existsSync(join(__dirname, '../../../src/tools', f, 'index.ts'))).toBe(true);
  });

  it.each(PANE_TOOLS.map(([cls, part]) => [getToolMetadata(cls)!.name, part]))('pane tool %s lives in pane/%s/', (name, part) => {
    expect(existsSync(join(__dirname, '../../../src/tools/pane', part, `${name.replace(/_/g, '-')}.tool.ts`))).toBe(true);
  });

  it('the families are the catalog, in tools/list order; the pane parts split the pane family', () => {
    expect(CATALOG_TOOL_NAMES).toEqual(CATALOG_TOOLS.map(([n]) => n));
    const parts = [...TOOLSETS.pane_io, ...TOOLSETS.pane_reading, ...TOOLSETS.pane_lifecycle];
    expect(parts.sort()).toEqual([...TOOL_FAMILIES.pane].sort());
  });

  it('core is the 15 tools an agent needs most, all of them catalog tools', () => {
    expect([...TOOLSETS.core].sort()).toEqual(
      [
        'list_sessions',
        'list_windows',
        'list_panes',
        'capture_pane',
        'snapshot_pane',
        'search_panes',
        'send_keys',
        'run_command',
        'wait_for_run',
        'wait_for_text',
        'wait_for_idle',
        'wait_for_channel',
        'create_session',
        'create_window',
        'split_window',
      ].sort(),
    );
  });

  it('names: all, core, the families, the pane parts', () => {
    expect(TOOLSET_NAMES).toEqual([
      'all',
      'core',
      'batch',
      'server',
      'session',
      'window',
      'pane',
      'pane_io',
      'pane_reading',
      'pane_lifecycle',
      'option',
      'env',
      'channel',
      'buffer',
      'hook',
    ]);
  });
});

describe('selectedToolNames (docs/reference/configuration.md#toolsets)', () => {
  it('defaults to all: every catalog tool', () => {
    expect(resolveConfig(parseArgs([]), {}).toolsets).toEqual(['all']);
    expect(selectedToolNames(resolveConfig(parseArgs([]), {}))).toEqual(CATALOG_TOOL_NAMES);
    expect(selectedToolNames(config('core,all'))).toEqual(CATALOG_TOOL_NAMES);
  });

  it('a union of the named sets, in registration order, each tool once', () => {
    const picked = selectedToolNames(config('buffer, core,core,,'));
    expect(picked).toEqual(CATALOG_TOOL_NAMES.filter((n) => TOOLSETS.core.includes(n) || TOOLSETS.buffer.includes(n)));
    expect(new Set(picked).size).toBe(picked.length);
    expect(config('buffer, core,core,,').toolsets).toEqual(['buffer', 'core']);
  });

  it('the flag beats TMUX_MCP_TOOLSETS; empty means unset', () => {
    expect(resolveConfig(parseArgs(['--toolsets=hook']), { TMUX_MCP_TOOLSETS: 'core' }).toolsets).toEqual(['hook']);
    const fromEnv = resolveConfig(parseArgs([]), { TMUX_MCP_TOOLSETS: 'core' });
    expect(fromEnv.toolsets).toEqual(['core']);
    expect(fromEnv.sources?.toolsets).toBe('TMUX_MCP_TOOLSETS');
    expect(resolveConfig(parseArgs([]), { TMUX_MCP_TOOLSETS: ' , ' }).toolsets).toEqual(['all']);
  });

  it('an unknown name fails with one line naming it, where it came from, and the known sets', () => {
    const c = resolveConfig(parseArgs([]), { TMUX_MCP_TOOLSETS: 'core,panes' });
    expect(() => selectedToolNames(c)).toThrow(ConfigError);
    expect(() => selectedToolNames(c)).toThrow(`TMUX_MCP_TOOLSETS: unknown toolset 'panes'; known toolsets: ${TOOLSET_NAMES.join(', ')}`);
    expect(() => selectedToolNames(config('Core'))).toThrow(/^--toolsets: unknown toolset 'Core'; known toolsets: all, core, /);
  });

  it('the names alone are checked without the tool classes (the start-up path)', () => {
    expect(() => checkToolsetNames(config('core,pane_io'))).not.toThrow();
    expect(() => checkToolsetNames(config('panes'))).toThrow(/^--toolsets: unknown toolset 'panes'; known toolsets: all, core, /);
  });
});
