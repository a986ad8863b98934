import { isValidLayout } from '../../../src/tools/window/layout-validator';
import { McpHarness } from '../../helpers/mcp-harness';

type ListedTool = {
  name: string;
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  inputSchema: { properties?: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties?: unknown };
  _meta?: Record<string, unknown>;
};

const WINDOW_TOOLS = [
  'list_panes',
  'get_window_info',
  'split_window',
  'rename_window',
  'kill_window',
  'select_layout',
  'resize_window',
  'move_window',
];

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

  it("select_layout's advertised custom layout example passes its own check (docs/reference/tools.md#select_layout)", () => {
    const d = String(tool('select_layout').inputSchema.properties!.layout.description);
    const example = /e\.g\. '([^']+)'/.exec(d)?.[1];
    expect(example).toBeDefined();
    expect(isValidLayout(example!)).toBe(true);
  });

  it('schemas: parameter names, required ids, defaults (docs/reference/tools.md#window-tools)', () => {
    const props = (n: string) => Object.keys(tool(n).inputSchema.properties ?? {});
    expect(props('list_panes')).toEqual(['session_name', 'session_id', 'window_id', 'window_index', 'socket_name', 'host', 'filters']);
    expect(props('get_window_info')).toEqual(['window_id', 'window_index', 'session_name', 'session_id', 'socket_name', 'host']);
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
      'host',
      'environment',
      'suppress_persistent_history',
    ]);
    expect(props('rename_window')).toEqual(['new_name', 'window_id', 'window_index', 'session_name', 'session_id', 'socket_name', 'host']);
    expect(props('kill_window')).toEqual(['window_id', 'socket_name', 'host']);
    expect(props('select_layout')).toEqual(['layout', 'window_id', 'window_index', 'session_name', 'session_id', 'socket_name', 'host']);
    expect(props('resize_window')).toEqual([
      'window_id',
      'window_index',
      'session_name',
      'session_id',
      'height',
      'width',
      'socket_name',
      'host',
    ]);
    expect(props('move_window')).toEqual([
      'window_id',
      'window_index',
      'session_name',
      'session_id',
      'destination_index',
      'destination_session',
      'socket_name',
      'host',
    ]);
    expect(tool('kill_window').inputSchema.required).toEqual(['window_id']);
    expect(tool('rename_window').inputSchema.required).toEqual(['new_name']);
    expect(tool('select_layout').inputSchema.required).toEqual(['layout']);
    for (const n of WINDOW_TOOLS) expect(tool(n).inputSchema.additionalProperties).toBe(false);
    const split = tool('split_window').inputSchema.properties!;
    expect(split.direction).toMatchObject({
      anyOf: [{ type: 'string', enum: ['above', 'below', 'left', 'right'] }, { type: 'null' }],
      default: null,
    });
    expect(split.suppress_persistent_history).toMatchObject({ type: 'boolean', default: false });
    for (const n of WINDOW_TOOLS)
      expect([n, tool(n).inputSchema.properties!.host]).toEqual([
        n,
        expect.objectContaining({ anyOf: [{ type: 'string' }, { type: 'null' }], default: null }),
      ]);
    expect(tool('move_window').inputSchema.properties!.destination_index).toMatchObject({ default: '' });
    expect(tool('resize_window').inputSchema.properties!.height).toMatchObject({
      anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }],
    });
  });
});
