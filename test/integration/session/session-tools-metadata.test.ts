import { McpHarness } from '../../helpers/mcp-harness';

type Hints = [boolean, boolean, boolean, boolean];

// docs/reference/tools.md#catalog: tier, RO DE ID OW, title.
const TABLE: Record<string, { tier: string; hints: Hints; title: string }> = {
  list_windows: { tier: 'readonly', hints: [true, false, true, false], title: 'List tmux Windows' },
  get_session_info: { tier: 'readonly', hints: [true, false, true, false], title: 'Get tmux Session Info' },
  create_window: { tier: 'mutating', hints: [false, false, false, false], title: 'Create tmux Window' },
  rename_session: { tier: 'mutating', hints: [false, false, true, false], title: 'Rename tmux Session' },
  kill_session: { tier: 'destructive', hints: [false, true, false, false], title: 'Kill tmux Session' },
  select_window: { tier: 'mutating', hints: [false, false, true, false], title: 'Select tmux Window' },
};

// Parameter order of docs/reference/tools.md#session-tools.
const PARAMS: Record<string, string[]> = {
  list_windows: ['session_name', 'session_id', 'socket_name', 'filters'],
  get_session_info: ['session_id', 'session_name', 'socket_name'],
  create_window: [
    'session_name',
    'session_id',
    'window_name',
    'start_directory',
    'attach',
    'direction',
    'socket_name',
    'environment',
    'suppress_persistent_history',
  ],
  rename_session: ['new_name', 'session_name', 'session_id', 'socket_name'],
  kill_session: ['session_name', 'session_id', 'socket_name'],
  select_window: ['window_id', 'window_index', 'direction', 'session_name', 'session_id', 'socket_name'],
};

describe('session family metadata', () => {
  let h: McpHarness;
  beforeAll(async () => {
    h = await McpHarness.start({ config: { safety: 'destructive' } });
  });
  afterAll(() => h.close());

  it('registers the tools in catalog order with tiers, annotations and titles (docs/reference/tools.md#catalog)', async () => {
    const { tools } = await h.client.listTools();
    expect(tools.map((t) => t.name).filter((n) => n in TABLE)).toEqual(Object.keys(TABLE));
    for (const t of tools.filter((x) => x.name in TABLE)) {
      const row = TABLE[t.name];
      const a = t.annotations!;
      expect([t.name, a.title, [a.readOnlyHint, a.destructiveHint, a.idempotentHint, a.openWorldHint]]).toEqual([
        t.name,
        row.title,
        row.hints,
      ]);
      const meta: Record<string, unknown> = { 'tmux-mcp/tags': [row.tier] };
      if (t.name === 'list_windows') meta['anthropic/alwaysLoad'] = true;
      expect(t._meta).toEqual(meta);
    }
  });

  it('list_windows is a discovery anchor (tmux + terminal vocabulary)', async () => {
    const { tools } = await h.client.listTools();
    const d = tools.find((t) => t.name === 'list_windows')!.description!;
    expect(d).toMatch(/tmux/);
    expect(d).toMatch(/terminal|shell|scrollback|multiplexer|workspace/);
  });

  it('advertises the documented parameters in order, with enums and a required new_name (docs/reference/tools.md#session-tools)', async () => {
    const { tools } = await h.client.listTools();
    for (const [name, params] of Object.entries(PARAMS)) {
      const schema = tools.find((t) => t.name === name)!.inputSchema as { properties: object; required?: string[] };
      expect([name, Object.keys(schema.properties)]).toEqual([name, params]);
      expect([name, schema.required ?? []]).toEqual([name, name === 'rename_session' ? ['new_name'] : []]);
    }
    // Nullable enums: null joins the enum and the type array (docs/reference/protocol.md#nullable-parameters).
    const dir = (n: string) => (tools.find((t) => t.name === n)!.inputSchema.properties as Record<string, unknown>).direction;
    expect(dir('create_window')).toMatchObject({ type: ['string', 'null'], enum: ['before', 'after', null] });
    expect(dir('select_window')).toMatchObject({ type: ['string', 'null'], enum: ['next', 'previous', 'last', null] });
    // No hosts configured, so no `host` (docs/reference/protocol.md#features); with hosts its place and
    // shape are checked for every tool in test/integration/framework/tool-catalog.test.ts.
    for (const name of Object.keys(PARAMS)) expect([name, PARAMS[name].includes('host')]).toEqual([name, false]);
  });

  it('only the readonly tools are visible at the readonly tier', async () => {
    const r = await McpHarness.start({ config: { safety: 'readonly' } });
    try {
      const { tools } = await r.client.listTools();
      expect(tools.map((t) => t.name).filter((n) => n in TABLE)).toEqual(['list_windows', 'get_session_info']);
    } finally {
      await r.close();
    }
  });
});
