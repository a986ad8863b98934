import { getToolMetadata } from '../framework/metadata/tool-metadata';
import type { Class } from '../framework/types';
import { CORE_TOOLS, FAMILY_TOOLS } from './all-tools';
import { PANE_TOOLS } from './pane';
import { ALL_TOOLSET, checkToolsetNames, CORE_TOOLSET, FAMILY_NAMES, PANE_PARTS, type ToolsetsConfig } from './toolset-names';

export { ALL_TOOLSET, TOOLSET_NAMES, type ToolsetsConfig } from './toolset-names';

/**
 * The toolsets (docs/reference/tools.md#toolsets): named groups of core tools a server lists,
 * picked with TMUX_MCP_TOOLSETS / --toolsets (docs/reference/configuration.md#toolsets). Every
 * list here is derived from the tool classes of each family, in registration order
 * (docs/reference/tools.md#catalog): a new tool joins its family's set by joining its family's list.
 */

const names = (classes: readonly Class[]): string[] => classes.map((c) => getToolMetadata(c)?.name ?? '');

/** Tool names of each family (the folders of src/tools), families in registration order. */
export const TOOL_FAMILIES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  FAMILY_NAMES.map((f) => [f, names(FAMILY_TOOLS[f])]),
);

/** Every named toolset and its tools, in the order `--check` and the docs show them. */
export const TOOLSETS: Readonly<Record<string, readonly string[]>> = {
  core: CORE_TOOLSET,
  ...Object.fromEntries(
    FAMILY_NAMES.flatMap((f): [string, readonly string[]][] => [
      [f, TOOL_FAMILIES[f]],
      ...(f === 'pane'
        ? PANE_PARTS.map((p): [string, string[]] => [`pane_${p}`, names(PANE_TOOLS.filter(([, part]) => part === p).map(([c]) => c))])
        : []),
    ]),
  ),
};

/** Every core tool name, in registration order. */
export const CATALOG_TOOL_NAMES: readonly string[] = names(CORE_TOOLS);

/**
 * The core tool names a configuration selects, in registration order. An unknown toolset name is
 * a start-up failure naming it and the known sets (docs/reference/configuration.md#toolsets).
 * Tools that are not core tools (plugins', prompts as tools) are not toolset members: they are
 * listed whatever the selection.
 */
export function selectedToolNames(config: ToolsetsConfig): readonly string[] {
  checkToolsetNames(config);
  if (config.toolsets.includes(ALL_TOOLSET)) return CATALOG_TOOL_NAMES;
  const picked = new Set(config.toolsets.flatMap((n) => TOOLSETS[n]));
  return CATALOG_TOOL_NAMES.filter((n) => picked.has(n));
}
