import 'reflect-metadata';
import { parseArgs, resolveConfig, ConfigError } from '../../../src/config/config.parser';
import { getToolMetadata } from '../../../src/framework/metadata/tool-metadata';
import { CORE_TOOLS } from '../../../src/tools/all-tools';
import * as batch from '../../../src/tools/batch';
import * as buffer from '../../../src/tools/buffer';
import * as channel from '../../../src/tools/channel';
import * as env from '../../../src/tools/env';
import * as hook from '../../../src/tools/hook';
import * as option from '../../../src/tools/option';
import * as pane from '../../../src/tools/pane';
import * as paneIo from '../../../src/tools/pane/io-tools';
import * as paneLifecycle from '../../../src/tools/pane/lifecycle-tools';
import * as paneReading from '../../../src/tools/pane/reading-tools';
import * as server from '../../../src/tools/server';
import * as session from '../../../src/tools/session';
import * as window from '../../../src/tools/window';
import {
  CATALOG_TOOL_NAMES,
  selectedFamilies,
  selectedToolNames,
  TOOL_FAMILIES,
  TOOLSET_NAMES,
  TOOLSETS,
} from '../../../src/tools/toolsets';
import { CATALOG_TOOLS } from '../../helpers/catalog-tools';
import type { Class } from '../../../src/framework/types';

const names = (classes: Class[]) => classes.map((c) => getToolMetadata(c)!.name);
const config = (value: string) => resolveConfig(parseArgs(['--toolsets', value]), {});

/** The toolset table (docs/reference/tools.md#toolsets) against the tool classes it names. */
describe('toolsets table (docs/reference/tools.md#toolsets)', () => {
  it.each([
    ['batch', batch.tools],
    ['server', server.tools],
    ['session', session.tools],
    ['window', window.tools],
    ['pane', pane.tools],
    ['option', option.tools],
    ['env', env.tools],
    ['channel', channel.tools],
    ['buffer', buffer.tools],
    ['hook', hook.tools],
  ])('family %s lists the tools of its folder, in registration order', (family, classes) => {
    expect(TOOL_FAMILIES[family]).toEqual(names(classes));
  });

  it.each([
    ['pane_io', paneIo.tools],
    ['pane_reading', paneReading.tools],
    ['pane_lifecycle', paneLifecycle.tools],
  ])('%s holds the tools of its file', (set, classes) => {
    expect([...TOOLSETS[set]].sort()).toEqual(names(classes).sort());
  });

  it('the families are the catalog, in tools/list order; the pane parts split the pane family', () => {
    expect(CATALOG_TOOL_NAMES).toEqual(names(CORE_TOOLS));
    expect(CATALOG_TOOL_NAMES).toEqual(CATALOG_TOOLS.map(([n]) => n));
    const parts = [...TOOLSETS.pane_io, ...TOOLSETS.pane_reading, ...TOOLSETS.pane_lifecycle];
    expect(parts.sort()).toEqual([...TOOL_FAMILIES.pane].sort());
  });

  it('core is the 14 tools an agent needs most, all of them catalog tools', () => {
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

  it('selectedFamilies names the folders start-up needs', () => {
    expect(selectedFamilies(config('core'))).toEqual(['server', 'session', 'window', 'pane', 'channel']);
    expect(selectedFamilies(config('pane_io,hook'))).toEqual(['pane', 'hook']);
    expect(selectedFamilies(config('all'))).toEqual(Object.keys(TOOL_FAMILIES));
  });
});
