import { BUILTIN_LAYOUTS, isValidLayout } from '../../../src/tools/window/layout-validator';
import { McpHarness } from '../../helpers/mcp-harness';
import { TOOL_FAMILIES } from '../../../src/tools/toolsets';

type ListedTool = {
  name: string;
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  inputSchema: { properties?: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties?: unknown };
  _meta?: Record<string, unknown>;
};

/** The window family, from the one table of families (src/tools/toolsets.ts). */
const WINDOW_TOOLS = [...TOOL_FAMILIES.window];

describe('window family metadata (docs/reference/tools.md#window-tools, docs/reference/protocol.md#tool-metadata)', () => {
  let h: McpHarness;
  let tools: ListedTool[];

  beforeAll(async () => {
    h = await McpHarness.start({ config: { safety: 'destructive' } });
    tools = (await h.client.listTools()).tools as ListedTool[];
  });
  afterAll(async () => h.close());

  const tool = (name: string) => {
    const t = tools.find((x) => x.name === name);
    if (!t) throw new Error(`${name} not listed`);
    return t;
  };

  it('registers the eight tools in table order', () => {
    const names = tools.map((t) => t.name).filter((n) => WINDOW_TOOLS.includes(n));
    expect(names).toEqual(WINDOW_TOOLS);
  });

  it.each([
    ['list_panes', 'List tmux Panes', [true, false, true, false], 'readonly'],
    ['get_window_info', 'Get tmux Window Info', [true, false, true, false], 'readonly'],
    ['split_window', 'Split tmux Window', [false, false, false, false], 'mutating'],
    ['rename_window', 'Rename tmux Window', [false, false, true, false], 'mutating'],
    ['kill_window', 'Kill tmux Window', [false, true, false, false], 'destructive'],
    ['select_layout', 'Select tmux Layout', [false, false, true, false], 'mutating'],
    ['resize_window', 'Resize tmux Window', [false, false, true, false], 'mutating'],
    ['move_window', 'Move tmux Window', [false, false, true, false], 'mutating'],
  ] as const)('%s: title, annotations, tier tag', (name, title, [ro, de, id, ow], tier) => {
    const t = tool(name);
    expect(t.annotations).toEqual({ title, readOnlyHint: ro, destructiveHint: de, idempotentHint: id, openWorldHint: ow });
    expect(t._meta?.['tmux-mcp/tags']).toEqual([tier]);
    expect(t._meta?.['anthropic/alwaysLoad']).toBe(name === 'list_panes' ? true : undefined);
  });

  it('list_panes is a discovery anchor', () => {
    const d = tool('list_panes').description ?? '';
    expect(d).toContain('tmux');
    expect(d).toMatch(/terminal|shell|scrollback|multiplexer|workspace/);
  });

  it('select_layout advertises exactly the presets it accepts, and any custom example passes its own check (docs/reference/tools.md#select_layout)', () => {
    const t = tool('select_layout');
    const d = `${t.description ?? ''} ${String(t.inputSchema.properties!.layout.description)}`;
    for (const preset of BUILTIN_LAYOUTS) expect([preset, d.includes(preset)]).toEqual([preset, true]);
    for (const named of d.match(/\b(?:even|main)-\w+|\btiled\b/g) ?? []) expect([named, isValidLayout(named)]).toEqual([named, true]);
    // The short descriptions carry no custom example (docs/reference/protocol.md#schemas); one, if
    // it comes back, must be a layout the tool takes.
    for (const [, example] of d.matchAll(/e\.g\. '([^']+)'/g)) expect([example, isValidLayout(example)]).toEqual([example, true]);
  });

  it('schemas: parameter names, required ids, defaults (docs/reference/tools.md#window-tools)', () => {
    const props = (n: string) => Object.keys(tool(n).inputSchema.properties ?? {});
    expect(props('list_panes')).toEqual(['session_name', 'session_id', 'window_id', 'window_index', 'socket_name', 'filters']);
    expect(props('get_window_info')).toEqual(['window_id', 'window_index', 'session_name', 'session_id', 'socket_name']);
    expect(props('split_window')).toEqual([
      'pane_id',
      'session_name',
      'session_id',
      'window_id',
      'window_index',
      'direction',
      'size',
      'start_directory',
      'shell',
      'socket_name',
      'environment',
      'suppress_persistent_history',
    ]);
    expect(props('rename_window')).toEqual(['new_name', 'window_id', 'window_index', 'session_name', 'session_id', 'socket_name']);
    expect(props('kill_window')).toEqual(['window_id', 'socket_name']);
    expect(props('select_layout')).toEqual(['layout', 'window_id', 'window_index', 'session_name', 'session_id', 'socket_name']);
    expect(props('resize_window')).toEqual(['window_id', 'window_index', 'session_name', 'session_id', 'height', 'width', 'socket_name']);
    expect(props('move_window')).toEqual([
      'window_id',
      'window_index',
      'session_name',
      'session_id',
      'destination_index',
      'destination_session',
      'socket_name',
    ]);
    expect(tool('kill_window').inputSchema.required).toEqual(['window_id']);
    expect(tool('rename_window').inputSchema.required).toEqual(['new_name']);
    expect(tool('select_layout').inputSchema.required).toEqual(['layout']);
    for (const n of WINDOW_TOOLS) expect(tool(n).inputSchema.additionalProperties).toBe(false);
    const split = tool('split_window').inputSchema.properties!;
    // Nullable, optional, absent means null (docs/reference/protocol.md#nullable-parameters).
    expect(split.direction).toMatchObject({ type: ['string', 'null'], enum: ['above', 'below', 'left', 'right', null] });
    expect(split.direction).not.toHaveProperty('default');
    expect(split.suppress_persistent_history).toMatchObject({ type: 'boolean', default: false });
    // No hosts configured, so no `host` (docs/reference/protocol.md#features); with hosts its place and
    // shape are checked for every tool in test/integration/framework/tool-catalog.test.ts.
    for (const n of WINDOW_TOOLS) expect([n, 'host' in tool(n).inputSchema.properties!]).toEqual([n, false]);
    expect(tool('move_window').inputSchema.properties!.destination_index).toMatchObject({ default: '' });
    expect(tool('resize_window').inputSchema.properties!.height).toMatchObject({ type: ['integer', 'null'], minimum: 1 });
  });
});
